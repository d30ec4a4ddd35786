package thunderdome_test

import (
	"strings"
	"testing"

	"github.com/pbemd/pbemd/campaign"
	"github.com/pbemd/pbemd/rules/thunderdome"
)

// threeDestroyers makes lyran's f1 three destroyers: a destroyer commands
// one other ship, so the fleet breaks S8.0's command rating (UTD7.261)
// and is illegal.
func threeDestroyers(st *campaign.State, x *thunderdome.Ext) {
	st.Fleet(player, "f1").Units = []campaign.ClassName{dd, dd, dd}
}

// TestUTD7_2661_IllegalFleetMayNotAttack: an illegal fleet may not enter
// a sector holding enemy units or belonging to another player; the
// refusal says why the fleet is illegal. A legal fleet, and the illegal
// one among the player's own sectors, move as ever (UTD7.2663).
func TestUTD7_2661_IllegalFleetMayNotAttack(t *testing.T) {
	for _, tc := range []struct {
		name   string
		change func(st *campaign.State, x *thunderdome.Ext)
		why    string
	}{
		{"enemy fleet", func(st *campaign.State, x *thunderdome.Ext) { st.Fleet("hydran", "f1").At = "s10" }, "fleets of hydran are at s10"},
		{"enemy sector", func(st *campaign.State, x *thunderdome.Ext) { sector(x, "s10").Owner = "hydran" }, "s10 belongs to hydran"},
		{"enemy fortification", func(st *campaign.State, x *thunderdome.Ext) {
			st.Developments = append(st.Developments, campaign.Development{At: "s10", Owner: "hydran", Kind: campaign.Fortification})
		}, "hydran's fortification is at s10"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			st := setup(t, func(st *campaign.State, x *thunderdome.Ext) {
				sector(x, "s10").Type = thunderdome.Dead
				threeDestroyers(st, x)
				tc.change(st, x)
			})
			ps := refused(t, st, parse(t, st, player, "  - move: {fleet: f1, to: s10}\n"))
			for _, want := range []string{"UTD7.2661", "fleet f1 is illegal (its 3 warships need a flagship commanding 2 others, and its best, the destroyer, commands 1 (UTD7.261, S8.0)) and may not attack: " + tc.why, "make it legal first"} {
				if !strings.Contains(ps.Error(), want) {
					t.Errorf("problems = %v, want %q", ps, want)
				}
			}
			check(t, st, parse(t, st, player, "  - move: {fleet: f2, to: s10}\n"))
		})
	}
	st := setup(t, func(st *campaign.State, x *thunderdome.Ext) {
		sector(x, "s10").Type = thunderdome.Dead
		sector(x, "s10").Owner = player
		threeDestroyers(st, x)
	})
	check(t, st, parse(t, st, player, "  - move: {fleet: f1, to: s10}\n"))
}

// TestUTD7_2661_IllegalFleetMayNotExplore: once the orders are final, an
// illegal fleet may not end its moves in an unknown sector, though it may
// move through one; orders left unfinished at the deadline leave the
// sector unknown at step 7, and the reports say why.
func TestUTD7_2661_IllegalFleetMayNotExplore(t *testing.T) {
	st := setup(t, func(st *campaign.State, x *thunderdome.Ext) {
		threeDestroyers(st, x)
		sector(x, "s11").Type = thunderdome.Dead
	})
	head := "campaign: thunderdome\nplayer: lyran\nturn: 1\nfinal: true\norders:\n"
	ps := refused(t, st, parseMail(t, head+"  - move: {fleet: f1, to: s01}\n"))
	if !strings.Contains(ps.Error(), "UTD7.2661") || !strings.Contains(ps.Error(), "would end its moves in s01, which is unknown: an illegal fleet may not explore") {
		t.Errorf("problems = %v, want the move into s01 refused citing UTD7.2661", ps)
	}
	check(t, st, parseMail(t, head+"  - move: {fleet: f1, to: s01}\n  - move: {fleet: f1, to: s11}\n"))
	check(t, st, parseMail(t, head+"  - move: {fleet: f2, to: s01}\n"))
	open := parse(t, st, player, "  - move: {fleet: f1, to: s01}\n")
	check(t, st, open)
	res := resolve(st, open)
	if s := sector(ext(t, res.Next), "s01"); s.Type != thunderdome.Unknown {
		t.Errorf("s01 is %s after the turn, want unknown still", s.Type)
	}
	if text := eventText(res, thunderdome.EventExplore); !strings.Contains(text, "lyran does not explore s01: fleet f1 is illegal") {
		t.Errorf("explore events %q, want the reason s01 stays unknown", text)
	}
}

// TestUTD7_261_FreightersNeedNoCommand: freighters do not count against a
// flagship's command rating (UTD7.262), and a fleet whose warships the
// catalogue gives no combat block is not judged by it.
func TestUTD7_261_FreightersNeedNoCommand(t *testing.T) {
	st := setup(t, func(st *campaign.State, x *thunderdome.Ext) {
		st.Fleet("hydran", "f1").At = "s10"
		st.Fleet(player, "f3").Units = []campaign.ClassName{"large-freighter", "repair-tender", "repair-freighter", ff, ff}
	})
	check(t, st, parse(t, st, player, "  - move: {fleet: f3, to: s10}\n"))
	st = setup(t, func(st *campaign.State, x *thunderdome.Ext) {
		st.Fleet("hydran", "f1").At = "s10"
		threeDestroyers(st, x)
		for i := range st.Catalogue {
			st.Catalogue[i].Combat = nil
		}
	})
	check(t, st, parse(t, st, player, "  - move: {fleet: f1, to: s10}\n"))
}
