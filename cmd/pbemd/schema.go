package main

import (
	"context"

	"github.com/pbemd/pbemd/orders"
)

// cmdSchemaOrders prints the JSON Schema of the order language, which YAML
// editors use to check orders and explain each key (orders.Schema).
func cmdSchemaOrders(ctx context.Context, e *env, args []string) error {
	if err := noArgs(newFlags("schema orders"), args); err != nil {
		return err
	}
	_, err := e.stdout.Write(orders.Schema())
	return err
}
