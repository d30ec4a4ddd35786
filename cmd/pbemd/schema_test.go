package main

import (
	"strings"
	"testing"

	"github.com/pbemd/pbemd/campaign"
	"github.com/pbemd/pbemd/rules/eaw"
)

func TestSchemaOrders(t *testing.T) {
	code, out, errOut := run(t, "schema", "orders")
	if code != exitOK || out != string(eaw.Schema(campaign.PresetEaW())) || errOut != "" {
		t.Errorf("schema orders = %d, %d bytes, %q; want exit 0 and the eaw preset's eaw.Schema", code, len(out), errOut)
	}
	if code, _, errOut := run(t, "schema", "orders", "extra"); code != exitUsage || !strings.Contains(errOut, "usage: pbemd schema orders") {
		t.Errorf("schema orders extra = %d, %q; want usage", code, errOut)
	}
	if _, out, _ := run(t, "help"); !strings.Contains(out, "pbemd schema orders") {
		t.Errorf("help does not list schema orders:\n%s", out)
	}
}
