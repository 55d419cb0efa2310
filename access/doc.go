// Package access keeps who may reach what: the namespaces and the API keys
// bound to them, each key stored as the SHA-256 hash of its token. It owns
// the tables namespaces and api_keys.
package access
