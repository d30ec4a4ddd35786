package main

import (
	"context"
	"strings"

	"github.com/pbemd/pbemd/rules"
)

// cmdSchemaOrders prints the JSON Schema of a ruleset's order language,
// which YAML editors use to check orders and explain each key, with the
// costs of the ruleset's preset; each report attaches the schema with its
// own campaign's.
func cmdSchemaOrders(ctx context.Context, e *env, args []string) error {
	reg := rules.Registry()
	fs := newFlags("schema orders")
	name := fs.String("rules", reg.Names()[0], "the ruleset whose orders to describe: "+joinNames(reg.Names()))
	if err := noArgs(fs, args); err != nil {
		return err
	}
	rs, err := reg.Lookup(*name)
	if err != nil {
		return usageError{err}
	}
	_, err = e.stdout.Write(rs.Schema(nil))
	return err
}

// joinNames lists names for a flag's help: "eaw" or "eaw, thunderdome".
func joinNames(names []string) string { return strings.Join(names, ", ") }
