package thunderdome_test

import (
	"slices"
	"strings"
	"testing"

	"github.com/pbemd/pbemd/campaign"
	"github.com/pbemd/pbemd/rules/thunderdome"
)

// beforeLyran is setup with the turn of the player before lyran open, and
// lyran's fleet f1 in s10, a life sector, since before it: resolving that
// turn opens lyran's (steps 1–3).
func beforeLyran(t *testing.T, change func(x *thunderdome.Ext)) *campaign.State {
	t.Helper()
	return setup(t, func(st *campaign.State, x *thunderdome.Ext) {
		sector(x, "s10").Type = thunderdome.Life
		place(st, x, "f1", "s10")
		x.Current = (slices.Index(x.Order, player) + len(x.Order) - 1) % len(x.Order)
		if change != nil {
			change(x)
		}
	})
}

// TestUTD4_13_HoldingClaimsTheSector: a fleet that entered a sector before
// and is still there when its owner's turn opens takes it for them.
func TestUTD4_13_HoldingClaimsTheSector(t *testing.T) {
	res := resolve(beforeLyran(t, nil), nil)
	if o := sector(ext(t, res.Next), "s10").Owner; o != player {
		t.Errorf("s10 owner = %q, want %s", o, player)
	}
}

// TestUTD4_13_DisavowedSectorIsNotClaimed: disavow is free; a disavowed
// sector is not claimed, an owned one becomes nobody's, and withdraw takes
// the disavowal back.
func TestUTD4_13_DisavowedSectorIsNotClaimed(t *testing.T) {
	res := resolve(beforeLyran(t, func(x *thunderdome.Ext) { sector(x, "s10").Disavowed = []campaign.PlayerID{player} }), nil)
	if o := sector(ext(t, res.Next), "s10").Owner; o != "" {
		t.Errorf("s10 owner = %q, want nobody: lyran disavowed it", o)
	}

	st := setup(t, nil)
	echo := wantPoints(t, st, "  - disavow: {sector: lyra}\n", 0)
	if !strings.Contains(echo, "no longer owns lyra") {
		t.Errorf("echo = %q, want lyra given up", echo)
	}
	next := resolve(st, parse(t, st, player, "  - disavow: {sector: lyra}\n")).Next
	if s := sector(ext(t, next), "lyra"); s.Owner != "" || !slices.Equal(s.Disavowed, []campaign.PlayerID{player}) {
		t.Errorf("lyra = %+v, want nobody's, disavowed by lyran", s)
	}
	wantRefused(t, st, "  - disavow: {sector: lyra, withdraw: true}\n", "UTD4.13")
	wantRefused(t, st, "  - disavow: {sector: nowhere}\n", "UTD4.13")
	wantPoints(t, st, "  - disavow: {sector: s10}\n  - disavow: {sector: s10, withdraw: true}\n", 0)
}

// TestUTD5_133_NPECheckIsOnByDefault: the NPE check of exploration is on
// unless the scenario sets house: {npe: false}; the roll is reported with
// every exploration of a life or mineral sector.
func TestUTD5_133_NPECheckIsOnByDefault(t *testing.T) {
	if !ext(t, start(t)).House.NPE {
		t.Fatal("the NPE check is off in the example scenario, want on by default")
	}
	off := strings.Replace(string(scenarioText()), "# house: {npe: false}", "house: {npe: false}", 1)
	if ext(t, startFrom(t, off)).House.NPE {
		t.Fatal("house: {npe: false} did not turn the NPE check off")
	}
	for _, npe := range []bool{false, true} {
		st := setup(t, func(_ *campaign.State, x *thunderdome.Ext) { x.House.NPE = npe })
		res := resolve(st, parse(t, st, player, "  - move: {fleet: f1, to: s10}\n  - move: {fleet: f2, to: s01}\n"))
		text := eventText(res, thunderdome.EventExplore)
		if got := strings.Contains(text, "NPE roll"); got != npe {
			t.Errorf("npe %v: exploration = %q, NPE roll reported %v", npe, text, got)
		}
	}
}
