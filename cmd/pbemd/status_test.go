package main

import (
	"strings"
	"testing"
	"time"

	"github.com/pbemd/pbemd/campaign"
	"github.com/pbemd/pbemd/control"
)

// TestPrintStatusWaiting: `pbemd status` names the players who owe no
// orders for the open turn, as it is not their turn, on a line of their
// own, and prints no such line when every player owes orders.
func TestPrintStatusWaiting(t *testing.T) {
	c := control.CampaignStatus{ID: "duel", Title: "Duel", Turn: 2, Deadline: time.Date(2026, 11, 30, 20, 0, 0, 0, time.UTC),
		Missing: []campaign.PlayerID{"blue"}, Waiting: []campaign.PlayerID{"red", "green"}}
	var b strings.Builder
	printStatus(&b, &control.Status{Campaigns: []control.CampaignStatus{c}})
	if want := "  missing:  blue\n  waiting:  red, green (not their turn)\n"; !strings.Contains(b.String(), want) {
		t.Errorf("status of a campaign with players not due:\n%s\nwant it to hold %q", b.String(), want)
	}
	c.Waiting = nil
	b.Reset()
	printStatus(&b, &control.Status{Campaigns: []control.CampaignStatus{c}})
	if strings.Contains(b.String(), "waiting:") {
		t.Errorf("status with every player due:\n%s\nwant no waiting line", b.String())
	}
}
