package evokg

import (
	"fmt"
	"regexp"
	"strings"
)

// Checker is a task type's rule check, declared by the client: Pattern
// finds a statement of the task type's rule in a text ("3 ★ 4"), its
// capture groups being the operands, and Code, Starlark run in the tool
// sandbox, defines run(operands) returning the rule's value for the
// captured operands (a list of strings) as a number, or None when it
// cannot tell. The write gate refuses a text that states a value for a
// matched expression and none of the values it states is the checker's;
// a pool item whose question the checker matches must have the
// checker's value as its gold answer. Example is a text stating one
// matched expression with its true value; the declaration is refused
// unless the checker passes it.
type Checker struct {
	Pattern string `json:"pattern"`
	Code    string `json:"code"`
	Example string `json:"example"`
}

// TaskTypeDeclaration is how a task type's questions are answered and
// checked, as a client declares it (PUT …/task-types/{name}).
type TaskTypeDeclaration struct {
	// Description is the task type's; empty keeps the one it has.
	Description string     `json:"description,omitempty"`
	Answer      AnswerSpec `json:"answer"`
	// Checker is the task type's checker; none removes the one it has.
	Checker *Checker `json:"checker,omitempty"`
}

// Validate checks the declaration of task type name, naming every
// invalid field.
func (d TaskTypeDeclaration) Validate(name string) error {
	var v FieldErrors
	v.Check(name != "", "/name", "is required")
	v.Merge(d.Answer.Validate("/answer"))
	if d.Checker != nil {
		v.Merge(d.Checker.Validate("/checker"))
	}
	return v.Err()
}

// Bounds of a checker.
const (
	MaxCheckerPattern = 1000
	MaxCheckerCode    = 16 << 10
	MaxCheckerExample = 1000
)

// Validate checks c's form, naming fields under pointer: a pattern that
// compiles with one capture group or more, code and an example the
// pattern matches. Running the code is the write gate's
// (writegate.CompileChecker).
func (c Checker) Validate(pointer string) error {
	var v FieldErrors
	v.Check(strings.TrimSpace(c.Code) != "" && len(c.Code) <= MaxCheckerCode, pointer+"/code", fmt.Sprintf("must be 1 to %d bytes", MaxCheckerCode))
	v.Check(strings.TrimSpace(c.Example) != "" && len(c.Example) <= MaxCheckerExample, pointer+"/example", fmt.Sprintf("must be 1 to %d bytes", MaxCheckerExample))
	if c.Pattern == "" || len(c.Pattern) > MaxCheckerPattern {
		v.Check(false, pointer+"/pattern", fmt.Sprintf("must be 1 to %d bytes", MaxCheckerPattern))
		return v.Err()
	}
	re, err := regexp.Compile(c.Pattern)
	if err != nil {
		v.Check(false, pointer+"/pattern", "does not compile: "+err.Error())
		return v.Err()
	}
	v.Check(re.NumSubexp() >= 1, pointer+"/pattern", "must have a capture group for each operand")
	v.Check(!re.MatchString(""), pointer+"/pattern", "must not match an empty text")
	v.Check(c.Example == "" || re.MatchString(c.Example), pointer+"/example", "has no match of the pattern")
	return v.Err()
}
