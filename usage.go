package evokg

// UsageRow counts the model calls of one role to one model.
type UsageRow struct {
	Role             string `json:"role"`
	Model            string `json:"model"`
	Calls            int    `json:"calls"`
	Errors           int    `json:"errors"` // calls whose outcome was not ok
	PromptTokens     int    `json:"prompt_tokens"`
	CompletionTokens int    `json:"completion_tokens"`
}

// Usage is the model-call accounting of a namespace or one of its runs.
// TeacherShare is teacher / (teacher + learner) calls, embeddings
// excluded; 0 when there were none.
type Usage struct {
	Rows         []UsageRow `json:"rows"`
	TeacherCalls int        `json:"teacher_calls"`
	LearnerCalls int        `json:"learner_calls"`
	TeacherShare float64    `json:"teacher_share"`
}
