package evokg

// BanditArm is the Beta posterior of one arm.
type BanditArm struct {
	Arm   string  `json:"arm"`
	Alpha float64 `json:"alpha"`
	Beta  float64 `json:"beta"`
	Pulls int     `json:"pulls"`
	Mean  float64 `json:"mean"`
}

// BanditState is one bandit: the search bandit of a task type, or the
// routing bandit of a skill (Key).
type BanditState struct {
	Bandit string      `json:"bandit"`
	Key    string      `json:"key"`
	Arms   []BanditArm `json:"arms"`
}
