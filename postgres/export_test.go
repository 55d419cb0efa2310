package postgres

// FirstSchema exposes firstSchema to the package's tests.
var FirstSchema = firstSchema
