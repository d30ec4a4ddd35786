package thunderdome_test

import (
	"slices"
	"strings"
	"testing"

	"github.com/pbemd/pbemd/campaign"
	"github.com/pbemd/pbemd/game"
	"github.com/pbemd/pbemd/rules/thunderdome"
)

// threeDestroyers makes lyran's f1 three destroyers and turns on the
// house rule of S8.0's command rating: a destroyer commands one other
// ship, so the fleet breaks it (UTD7.261) and is illegal.
func threeDestroyers(st *campaign.State, x *thunderdome.Ext) {
	st.Fleet(player, "f1").Units = []campaign.ClassName{dd, dd, dd}
	x.House.Command = true
}

// TestUTD7_2661_IllegalFleetMayNotAttack: an illegal fleet may not enter
// a sector holding enemy units, a non-player empire's too, or belonging
// to another player; the
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
		{"non-player empire", func(st *campaign.State, x *thunderdome.Ext) {
			x.NPEs = []thunderdome.NPE{{At: "s10", Empire: "Varn Reach", Finder: "hydran", Found: 1}}
		}, "the Varn Reach, a non-player empire, holds s10"},
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
// sector unknown at step 7, and the reports say why; the reply to them
// warns.
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
	if sum := check(t, st, open).Summary(); !strings.Contains(sum, "Fleet f1 is illegal (its 3 warships") || !strings.Contains(sum, "it stands in s01, unknown, and must move on before your orders end") {
		t.Errorf("summary = %q, want fleet f1 told illegal, in unknown s01", sum)
	}
	res := resolve(st, open)
	if s := sector(ext(t, res.Next), "s01"); s.Type != thunderdome.Unknown {
		t.Errorf("s01 is %s after the turn, want unknown still", s.Type)
	}
	if text := eventText(res, thunderdome.EventExplore); !strings.Contains(text, "lyran does not explore s01: fleet f1 is illegal") {
		t.Errorf("explore events %q, want the reason s01 stays unknown", text)
	}
}

// TestUTD7_261_CommandRatingIsAHouseRule: S8.0's command rating makes
// fleets illegal only under house: {command: true}; freighters do not
// count against a flagship's rating (UTD7.262), and a fleet whose
// warships the catalogue gives no combat block is not judged by it.
func TestUTD7_261_CommandRatingIsAHouseRule(t *testing.T) {
	st := setup(t, func(st *campaign.State, x *thunderdome.Ext) {
		st.Fleet("hydran", "f1").At = "s10"
		threeDestroyers(st, x)
		x.House.Command = false
	})
	check(t, st, parse(t, st, player, "  - move: {fleet: f1, to: s10}\n"))
	on := startFrom(t, strings.Replace(string(scenarioText()), "# house: {command: false}", "house: {command: true}", 1))
	if !ext(t, on).House.Command {
		t.Errorf("house: {command: true} in the scenario leaves the house rule off")
	}
	st = setup(t, func(st *campaign.State, x *thunderdome.Ext) {
		st.Fleet("hydran", "f1").At = "s10"
		st.Fleet(player, "f3").Units = []campaign.ClassName{"large-freighter", "repair-tender", "repair-freighter", ff, ff}
		x.House.Command = true
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

// splitF2 turns on the command rating house rule and deals lyran's f2
// (cruiser, frigate, troop-ship, minesweeper) out so that the new fleet f4
// holds the troop ship and the minesweeper, neither of which commands
// another ship: f4 is illegal on purpose (UTD7.261).
const splitF2 = "  - organize: {fleets: {f2: [cruiser, frigate], f4: [troop-ship, minesweeper]}}\n"

// commandRule turns on the house rule and makes s10 a dead sector of
// lyran's, where an intention may send fleets.
func commandRule(st *campaign.State, x *thunderdome.Ext) {
	x.House.Command = true
	sector(x, "s10").Type = thunderdome.Dead
	sector(x, "s10").Owner = player
}

// nextOwnTurn opens lyran's turn again, a cycle later.
func nextOwnTurn(t *testing.T, st *campaign.State) {
	t.Helper()
	reopen(t, st)
	x := ext(t, st)
	x.Cycle++
	thunderdome.SaveExt(x, st)
}

// TestUTD7_26652_LegalIntention: an order that makes a fleet illegal on
// purpose is refused unless a legal intention for it is declared above it;
// a step toward the intention on the turn or the next keeps it, none lets
// it lapse: every player is told, and the fleet moves no more until a new
// intention is declared.
func TestUTD7_26652_LegalIntention(t *testing.T) {
	st := setup(t, commandRule)
	ps := refused(t, st, parse(t, st, player, splitF2))
	if !strings.Contains(ps.Error(), "UTD7.26652") || !strings.Contains(ps.Error(), "this order makes fleet f4 illegal") || !strings.Contains(ps.Error(), "- intend: {fleet: f4") {
		t.Errorf("problems = %v, want the organize refused citing UTD7.26652 with an intend to send", ps)
	}
	intend := "  - intend: {fleet: f4, join: [f1], at: s10}\n"
	if echo := check(t, st, parse(t, st, player, intend+splitF2)).Echo(); !strings.Contains(echo, "lyran declares the legal intention of fleet f4: to join f1 at s10") {
		t.Errorf("echo = %q, want the intention told", echo)
	}

	// A step toward it on the turn it is declared keeps it.
	acted := resolve(st, parse(t, st, player, intend+splitF2+"  - move: {fleet: f4, to: s10}\n")).Next
	nextOwnTurn(t, acted)
	res := resolve(acted, nil)
	if eventsSay(res.Events, "took no step") {
		t.Errorf("events %v: an intention acted on lapsed", res.Events)
	}

	// None on that turn or the next: it lapses.
	idle := resolve(st, parse(t, st, player, intend+splitF2)).Next
	nextOwnTurn(t, idle)
	res = resolve(idle, nil)
	if !eventsSay(res.Events, "lyran took no step toward the legal intention of fleet f4 (to join f1 at s10) on the turn it was declared or the next (UTD7.26652)") {
		t.Errorf("events %v do not tell the lapse", res.Events)
	}
	report := flat(render(t, viewOf(t, res, "hydran"), game.FormatText))
	for _, want := range []string{"illegal, may not attack or explore (UTD7.2661): its 2 warships need a flagship", "legal intention: to join f1 at s10 (UTD7.26652), lapsed"} {
		if !strings.Contains(report, want) {
			t.Errorf("hydran's report lacks %q:\n%s", want, report)
		}
	}
	lapsed := res.Next
	reopen(t, lapsed)
	wantRefused(t, lapsed, "  - move: {fleet: f4, to: s10}\n", "UTD7.2664")
	check(t, lapsed, parse(t, lapsed, player, "  - intend: {fleet: f4, join: [f2], at: s10}\n  - move: {fleet: f4, to: s10}\n"))
}

// TestUTD7_26653_IntentionChangesOnlyWhenMoot: a standing intention may
// not be changed while it applies; once a fleet it was to join is gone,
// a new one may be declared.
func TestUTD7_26653_IntentionChangesOnlyWhenMoot(t *testing.T) {
	st := setup(t, commandRule)
	next := resolve(st, parse(t, st, player, "  - intend: {fleet: f4, join: [f1], at: s10}\n"+splitF2)).Next
	reopen(t, next)
	wantRefused(t, next, "  - intend: {fleet: f4, join: [f3], at: lyra}\n", "UTD7.26653")
	next.Fleets = slices.DeleteFunc(next.Fleets, func(f campaign.Fleet) bool { return f.Owner == player && f.ID == "f1" })
	check(t, next, parse(t, next, player, "  - intend: {fleet: f4, join: [f3], at: lyra}\n"))
}
