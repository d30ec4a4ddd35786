package main

import (
	"context"

	"github.com/pbemd/pbemd/campaign"
	"github.com/pbemd/pbemd/orders"
)

// cmdSchemaOrders prints the JSON Schema of the order language, which YAML
// editors use to check orders and explain each key (orders.Schema), with
// the costs of the Empires at War preset; each report attaches the schema
// with its own campaign's.
func cmdSchemaOrders(ctx context.Context, e *env, args []string) error {
	if err := noArgs(newFlags("schema orders"), args); err != nil {
		return err
	}
	_, err := e.stdout.Write(orders.Schema(campaign.PresetEaW()))
	return err
}
