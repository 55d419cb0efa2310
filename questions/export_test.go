package questions

// DigitsTaskTypes lists the digits pool's task types.
func DigitsTaskTypes() []string {
	out := make([]string, len(digitsRules))
	for i, rule := range digitsRules {
		out[i] = rule.taskType
	}
	return out
}

// GlyphTaskTypes lists the glyph pool's task types.
func GlyphTaskTypes() []string {
	out := make([]string, len(glyphRules))
	for i, g := range glyphRules {
		out[i] = g.taskType
	}
	return out
}
