package main

import (
	"context"
	"errors"

	"github.com/pbemd/pbemd/orders"
)

// cmdSchemaOrders prints the JSON Schema of the order language, which YAML
// editors use to check orders and explain each key (orders.Schema).
func cmdSchemaOrders(ctx context.Context, e *env, args []string) error {
	if len(args) != 0 {
		return usageError{errors.New("takes no arguments")}
	}
	_, err := e.stdout.Write(orders.Schema())
	return err
}
