package questions

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"strings"

	evokg "github.com/evokg/evokg"
)

// MaxLineBytes bounds one JSONL line.
const MaxLineBytes = 1 << 20

// jsonlItem accepts numeric or string answers.
type jsonlItem struct {
	ID       string          `json:"id"`
	Question string          `json:"question"`
	Answer   json.RawMessage `json:"answer"`
	TaskType string          `json:"task_type"`
	Context  string          `json:"context"`
	Split    string          `json:"split"`
}

// LoadJSONL reads one item per line ({id, question, answer, task_type?,
// context?, split?}); blank lines are skipped, items without a task type get
// DefaultTaskType, and every problem is reported with its line. A pool that
// names splits must not put one normalized question in two of them.
func LoadJSONL(r io.Reader) ([]Item, error) {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 64*1024), MaxLineBytes)
	var items []Item
	var lines []int
	var fields []evokg.FieldError
	for line := 1; sc.Scan(); line++ {
		text := strings.TrimSpace(sc.Text())
		if text == "" {
			continue
		}
		it, errs := parseLine(text, line)
		fields = append(fields, errs...)
		if len(errs) == 0 {
			items, lines = append(items, it), append(lines, line)
		}
	}
	if err := sc.Err(); err != nil {
		return nil, evokg.Errorf(evokg.EINVALID, "reading the pool: %v", err)
	}
	if len(fields) > 0 {
		return nil, evokg.Invalid(fields...)
	}
	if err := checkUnique(items); err != nil {
		return nil, err
	}
	if err := CheckSplitDuplicates(items, func(i int) string { return fmt.Sprintf("/lines/%d", lines[i]) }); err != nil {
		return nil, err
	}
	return items, nil
}

func parseLine(text string, line int) (Item, []evokg.FieldError) {
	pointer := fmt.Sprintf("/lines/%d", line)
	var raw jsonlItem
	if err := json.Unmarshal([]byte(text), &raw); err != nil {
		return Item{}, []evokg.FieldError{{Pointer: pointer, Detail: "not a JSON object: " + err.Error()}}
	}
	it := Item{ID: raw.ID, Question: raw.Question, TaskType: raw.TaskType, Context: raw.Context, Split: raw.Split, Answer: answerText(raw.Answer)}
	if it.TaskType == "" {
		it.TaskType = DefaultTaskType
	}
	return it, it.validate(pointer)
}

func answerText(raw json.RawMessage) string {
	var s string
	if len(raw) == 0 || string(raw) == "null" {
		return ""
	}
	if json.Unmarshal(raw, &s) == nil {
		return s
	}
	return strings.TrimSpace(string(raw)) // a number stays as written
}
