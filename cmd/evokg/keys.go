package main

import (
	"fmt"
	"os"
	"strings"
	"text/tabwriter"

	"github.com/google/uuid"

	"github.com/evokg/evokg/access"
)

// KeysCmd manages API keys.
type KeysCmd struct {
	Create KeysCreateCmd `cmd:"" help:"Create a key; prints the token once (last line of stdout)."`
	List   KeysListCmd   `cmd:"" help:"List keys (never their tokens)."`
	Revoke KeysRevokeCmd `cmd:"" help:"Revoke a key by id."`
}

// KeysCreateCmd creates an API key.
type KeysCreateCmd struct {
	PostgresFlags `embed:""`
	Name          string   `required:"" help:"A name for the key."`
	Scopes        []string `default:"memory:read,memory:write" help:"Scopes: memory:read, memory:write, evolve, admin."`
	Namespaces    []string `required:"" help:"Namespaces the key may use ('*' for all)."`
}

func (c *KeysCreateCmd) Run(g *Globals) error {
	pool, err := c.Open(g.Ctx)
	if err != nil {
		return err
	}
	defer pool.Close()
	token, key, err := access.NewKeyStore(pool, g.Logger).Create(g.Ctx, c.Name, c.Scopes, c.Namespaces)
	if err != nil {
		return err
	}
	fmt.Fprintf(os.Stderr, "created key %s (%s) scopes=%s namespaces=%s; the token is shown once:\n",
		key.ID, key.Name, strings.Join(key.Scopes, ","), strings.Join(key.Namespaces, ","))
	fmt.Println(token)
	return nil
}

// KeysListCmd lists API keys.
type KeysListCmd struct {
	PostgresFlags `embed:""`
}

func (c *KeysListCmd) Run(g *Globals) error {
	pool, err := c.Open(g.Ctx)
	if err != nil {
		return err
	}
	defer pool.Close()
	keys, err := access.NewKeyStore(pool, g.Logger).List(g.Ctx)
	if err != nil {
		return err
	}
	tw := tabwriter.NewWriter(os.Stdout, 0, 4, 2, ' ', 0)
	fmt.Fprintln(tw, "ID\tNAME\tPREFIX\tSCOPES\tNAMESPACES\tCREATED\tREVOKED")
	for _, k := range keys {
		revoked := "-"
		if k.RevokedAt != nil {
			revoked = k.RevokedAt.Format("2006-01-02 15:04")
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\t%s\t%s\n", k.ID, k.Name, k.Prefix, strings.Join(k.Scopes, ","),
			strings.Join(k.Namespaces, ","), k.CreatedAt.Format("2006-01-02 15:04"), revoked)
	}
	return tw.Flush()
}

// KeysRevokeCmd revokes an API key.
type KeysRevokeCmd struct {
	PostgresFlags `embed:""`
	ID            uuid.UUID `arg:"" help:"Key id (from keys list)."`
}

func (c *KeysRevokeCmd) Run(g *Globals) error {
	pool, err := c.Open(g.Ctx)
	if err != nil {
		return err
	}
	defer pool.Close()
	if err := access.NewKeyStore(pool, g.Logger).Revoke(g.Ctx, c.ID); err != nil {
		return err
	}
	fmt.Println("revoked", c.ID)
	return nil
}
