package e2e_test

import (
	"encoding/json"
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/pbemd/pbemd/campaign"
	"github.com/pbemd/pbemd/config"
	"github.com/pbemd/pbemd/rules"
	"github.com/pbemd/pbemd/rules/thunderdome"
	"github.com/pbemd/pbemd/scenarios"
	"github.com/pbemd/pbemd/store"
)

// TestThunderdomeTurnThroughDovecotAndPostfix plays a Thunderdome IV
// player turn by mail through the real servers: a player not due is told
// whose turn it is; the current player sends the turn in two mails, each
// answered at once, the second final; every player then receives the
// public report of the turn passed, and the next player's turn opens.
func TestThunderdomeTurnThroughDovecotAndPostfix(t *testing.T) {
	h := newScenarioHarness(t, "thunderdome", scenarios.Thunderdome, tdPlayers)
	var first string
	for _, p := range tdPlayers {
		welcome := h.titled(p, "Welcome")
		welcome.want(t, "Welcome to Thunderdome IV")
		h.tokens[p] = tokenOf(t, welcome)
		if r := h.titled(p, "Turn 1"); strings.Contains(r.Subject, "your turn") {
			first = p
			r.want(t, "It is your turn.", "Order points: 4")
		} else {
			r.want(t, "'s turn")
		}
	}
	if first == "" {
		t.Fatal("no player's first report says it is their turn")
	}
	f1, f2, to := tdFirstMoves(t, campaign.PlayerID(first))
	h.run()

	other := tdPlayers[0]
	if other == first {
		other = tdPlayers[1]
	}
	h.send(other, h.ordersFor(other, 1, true))
	h.answer(other).want(t, "It is not your turn", "Orders for it are due from "+first)

	h.send(first, h.ordersFor(first, 1, false, fmt.Sprintf("move: {fleet: %s, to: %s}", f1, to)))
	h.answer(first).want(t, "Orders for turn 1 accepted", "are applied", "Your turn is not over")
	h.send(first, h.ordersFor(first, 1, true, fmt.Sprintf("move: {fleet: %s, to: %s}", f2, to)))
	h.answer(first).want(t, "after those you sent earlier", "passes now")

	var next string
	for _, p := range tdPlayers {
		r := h.titled(p, "Turn 2")
		r.want(t, "Orders of turn 1", fmt.Sprintf("fleet %s moved from", f1), fmt.Sprintf("fleet %s moved from", f2))
		if strings.Contains(r.Subject, "your turn") {
			next = p
			r.want(t, "It is your turn.")
		}
	}
	if next == "" || next == first {
		t.Fatalf("the turn 2 reports open %q's turn; want the next player's after %s", next, first)
	}

	// The player who just played is no longer due.
	h.send(first, h.ordersFor(first, 2, true))
	h.answer(first).want(t, "It is not your turn", "Orders for it are due from "+next)
	h.stop()
}

// tdFirstMoves names two fleets of player p in the example scenario and
// a sector next to the one they start in.
func tdFirstMoves(t *testing.T, p campaign.PlayerID) (f1, f2 campaign.FleetID, to campaign.SystemID) {
	t.Helper()
	sc, err := config.ParseScenario("thunderdome.yaml", scenarios.Thunderdome, rules.Registry())
	if err != nil {
		t.Fatalf("the Thunderdome IV scenario: %v", err)
	}
	var at campaign.SystemID
	var fleets []campaign.FleetID
	for _, f := range sc.State.Fleets {
		if f.Owner == p && (at == "" || f.At == at) {
			at, fleets = f.At, append(fleets, f.ID)
		}
	}
	if len(fleets) < 2 {
		t.Fatalf("%s starts with fleets %v in one sector; want two", p, fleets)
	}
	slices.Sort(fleets)
	return fleets[0], fleets[1], campaign.NewGraph(sc.State.Map).Neighbours(at)[0]
}

// TestThunderdomeAppealByVoteThroughDovecotAndPostfix: a reported battle
// whose sides sent results that differ runs out of time; the two other
// players get ballots by mail, the first voter's second vote is refused,
// and the second voter's vote applies the attacker's result, which every
// player is told (UTD3.45, UTD1.7).
func TestThunderdomeAppealByVoteThroughDovecotAndPostfix(t *testing.T) {
	h, attacker := tdReported(t)
	f1, _, to := tdFirstMoves(t, campaign.PlayerID(attacker))
	// Another player's fleet stands where the attacker goes.
	var defender string
	var ships map[string]int
	h.editStore(t, func(tx *store.Tx) error {
		rec, err := tx.Turn("thunderdome", 1)
		if err != nil {
			return err
		}
		ships = map[string]int{}
		for i := range rec.State.Fleets {
			f := &rec.State.Fleets[i]
			if f.Owner != campaign.PlayerID(attacker) && f.ID == "f1" && defender == "" {
				f.At, defender = to, string(f.Owner)
				ships[defender] = len(f.Units)
			}
			if f.Owner == campaign.PlayerID(attacker) && f.ID == f1 {
				ships[attacker] = len(f.Units)
			}
		}
		return tx.PutTurn("thunderdome", rec)
	})
	h.run()
	h.send(attacker, h.ordersFor(attacker, 1, true, fmt.Sprintf("move: {fleet: %s, to: %s}", f1, to)))
	h.answer(attacker).want(t, "passes now")
	destroyed := func(by, loser string) string {
		s := fmt.Sprintf("campaign: thunderdome\nplayer: %s\ntoken: %s\nbattle: T1-B1\nresult:\n  ships:\n", by, h.tokens[by])
		for i := range ships[loser] {
			s += fmt.Sprintf("    - {ship: %s#%d, fate: destroyed}\n", loser, i+1)
		}
		return s
	}
	h.send(attacker, destroyed(attacker, defender))
	h.answer(attacker).want(t, "result for battle T1-B1 is on file")
	h.send(defender, destroyed(defender, attacker))
	h.answer(defender).want(t, "Battle T1-B1 is disputed")

	// The four weeks to settle it run out.
	h.runOutBattleClock(t, func(bc *store.BattleCase, past time.Time) { bc.ResolveBy = past })
	var voters []string
	for _, p := range tdPlayers {
		if p != attacker && p != defender {
			voters = append(voters, p)
			h.titled(p, "Vote appeal-T1-B1").want(t, "The answers: "+attacker+", "+defender+", none", "command: vote appeal-T1-B1")
		}
	}
	vote := func(p string) *received {
		h.send(p, fmt.Sprintf("campaign: thunderdome\nplayer: %s\ntoken: %s\ncommand: vote appeal-T1-B1 %s\n", p, h.tokens[p], attacker))
		return h.answer(p)
	}
	vote(voters[0]).want(t, "is counted", "1 vote of the 2")
	vote(voters[0]).want(t, "You voted on appeal-T1-B1 already")
	vote(voters[1]).want(t, "It settled the poll: the outcome is "+attacker)
	for _, p := range tdPlayers {
		h.titled(p, "Vote appeal-T1-B1: "+attacker).want(t, "Battle T1-B1 is settled with "+attacker+"'s result")
	}
	h.stop()
}

// TestThunderdomeNPEVolunteerRunsOutThroughDovecotAndPostfix: a
// non-player empire met in a campaign whose players fight its battles;
// the other players get the call for a volunteer by mail, the first to
// answer plays it and gets the battle's mail, a later volunteer is told
// the call is closed. The volunteer then lets the contact clock run out:
// the NPE, which never retreats, goes to the attacker by automatic
// Anschluss, every player is told, and the next player's turn opens
// (UTD5.231, UTD3.43, UTD5.2A1).
func TestThunderdomeNPEVolunteerRunsOutThroughDovecotAndPostfix(t *testing.T) {
	h, attacker := tdReported(t)
	f1, _, to := tdFirstMoves(t, campaign.PlayerID(attacker))
	// A non-player empire holds the sector the attacker goes to.
	var empire string
	h.editStore(t, func(tx *store.Tx) error {
		rec, err := tx.Turn("thunderdome", 1)
		if err != nil {
			return err
		}
		x, err := thunderdome.ExtOf(rec.State)
		if err != nil {
			return err
		}
		empire = x.NPEEmpires[0].Name
		x.NPEs = []thunderdome.NPE{{At: to, Empire: empire, Finder: campaign.PlayerID(attacker), Found: 1}}
		if rec.State.Ext, err = json.Marshal(x); err != nil {
			return err
		}
		return tx.PutTurn("thunderdome", rec)
	})
	h.run()
	h.send(attacker, h.ordersFor(attacker, 1, true, fmt.Sprintf("move: {fleet: %s, to: %s}", f1, to)))
	h.answer(attacker).want(t, "passes now")
	poll := fmt.Sprintf("npe-%s-t1", to)
	var others []string
	for _, p := range tdPlayers {
		if p != attacker {
			others = append(others, p)
			h.titled(p, "Vote "+poll).want(t, fmt.Sprintf("Who plays the %s at %s against %s?", empire, to, attacker),
				"The first of the 3 voters", "command: vote "+poll+" volunteer")
		}
	}
	vote := func(p string) *received {
		h.send(p, fmt.Sprintf("campaign: thunderdome\nplayer: %s\ntoken: %s\ncommand: vote %s volunteer\n", p, h.tokens[p], poll))
		return h.answer(p)
	}
	volunteer := others[0]
	vote(volunteer).want(t, "It settled the poll: the outcome is volunteer")
	battle := fmt.Sprintf("T1-npe-%s", to)
	for _, p := range []string{attacker, volunteer} {
		h.titled(p, "Battle "+battle+": report its result").want(t, volunteer+" plays a non-player empire here (UTD5.231)")
	}
	vote(others[1]).want(t, "Poll "+poll+" is closed, with the outcome volunteer")
	h.send(attacker, fmt.Sprintf("campaign: thunderdome\nplayer: %s\ntoken: %s\nbattle: %s\ncontact: true\n", attacker, h.tokens[attacker], battle))
	h.answer(attacker).want(t, "is noted")

	// The volunteer's three days to make contact run out.
	h.runOutBattleClock(t, func(bc *store.BattleCase, past time.Time) { bc.ContactBy = past })
	for _, p := range tdPlayers {
		h.titled(p, "Battle "+battle+" is settled").want(t, volunteer+", who plays the "+empire, "made no contact",
			fmt.Sprintf("Anschluss: the %s at %s joins %s", empire, to, attacker), "The turn goes on: orders are due from")
	}
	h.stop()
}

// tdReported starts the Thunderdome IV example campaign with battles:
// reported, past the welcome mails and the first reports; it returns the
// player whose turn is open.
func tdReported(t *testing.T) (*harness, string) {
	t.Helper()
	reported := strings.Replace(string(scenarios.Thunderdome), "battles: auto", "battles: reported", 1)
	h := newScenarioHarness(t, "thunderdome", []byte(reported), tdPlayers)
	var attacker string
	for _, p := range tdPlayers {
		h.tokens[p] = tokenOf(t, h.titled(p, "Welcome"))
		if strings.Contains(h.titled(p, "Turn 1").Subject, "your turn") {
			attacker = p
		}
	}
	return h, attacker
}

// editStore changes the data file while the daemon is not running.
func (h *harness) editStore(t *testing.T, edit func(tx *store.Tx) error) {
	t.Helper()
	db := openDataFile(t, filepath.Join(h.dir, "pbemd.db"))
	err := db.Update(edit)
	db.Close()
	if err != nil {
		t.Fatal(err)
	}
}

// runOutBattleClock stops the daemon, has set move a clock of the
// campaign's one battle case into the past, and starts it again.
func (h *harness) runOutBattleClock(t *testing.T, set func(bc *store.BattleCase, past time.Time)) {
	t.Helper()
	h.stop()
	h.editStore(t, func(tx *store.Tx) error {
		cases, err := tx.Battles("thunderdome")
		if err != nil || len(cases) != 1 {
			return fmt.Errorf("battle cases %v: %w", cases, err)
		}
		set(cases[0], time.Now().Add(-time.Minute))
		return tx.PutBattle("thunderdome", cases[0])
	})
	h.run()
}
