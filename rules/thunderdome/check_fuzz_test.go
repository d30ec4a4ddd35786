package thunderdome_test

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/pbemd/pbemd/campaign"
	"github.com/pbemd/pbemd/game"
	"github.com/pbemd/pbemd/orders"
)

// FuzzCheck reads any mail and checks what it gives against the opening
// turn of scenarios/thunderdome.yaml, then resolves it when it passed.
// Bad input must never panic, never change the state it is checked
// against, and give the same answer twice; the mails of the golden
// campaign are the seeds.
func FuzzCheck(f *testing.F) {
	mails, _ := filepath.Glob("testdata/campaign/*/mail-*.yaml")
	for _, name := range mails {
		if src, err := os.ReadFile(name); err == nil {
			f.Add(src)
		}
	}
	f.Add([]byte("campaign: thunderdome\nplayer: gorn\nturn: 1\norders:\n  - move: {fleet: f1, to: s01}\n  - buy: {points: 3}\n"))
	f.Add([]byte("campaign: thunderdome\nplayer: gorn\nturn: 1\norders:\n  - replace_fighters: {fleet: f1}\n  - transfer_fighters: {fleet: f1, from: f2, refill: true}\n" +
		"  - refit_fleet: {fleet: f1, refits: {cruiser: heavy-cruiser}, loads: {cruiser: {fighters: 0}}, officers: {captain: destroyer}}\n" +
		"  - organize: {fleets: {f1: [battlecruiser, cruiser, destroyer]}, officers: {captain: {fleet: f1, ship: cruiser}}}\n"))
	st := startFrom(f, string(scenarioText()))
	before, err := json.Marshal(st)
	if err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		sub, _ := orders.Parse(src, orders.Only(rs.Kinds()))
		if sub == nil {
			return
		}
		c1, err1 := rs.Check(st, sub)
		c2, err2 := rs.Check(st, sub)
		if after, _ := json.Marshal(st); !bytes.Equal(before, after) {
			t.Fatal("Check changed the state it checked against")
		}
		if answer(c1, err1) != answer(c2, err2) {
			t.Fatalf("Check answered twice differently:\n%s\n%s", answer(c1, err1), answer(c2, err2))
		}
		if err1 != nil {
			return
		}
		res := rs.Resolve(game.Turn{State: st, Orders: map[campaign.PlayerID]*orders.Submission{sub.Player: sub}})
		if res == nil || res.Next == nil || len(res.Views) != len(st.Players) {
			t.Fatalf("Resolve after a passed Check gave %+v", res)
		}
	})
}

// answer is what a player reads of a check.
func answer(c game.Checked, err error) string {
	if err != nil {
		return "error: " + err.Error()
	}
	return c.Echo() + c.Summary()
}
