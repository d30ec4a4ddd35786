package moderator_test

import (
	"encoding/json"
	"fmt"
	"slices"
	"testing"

	"github.com/pbemd/pbemd/campaign"
	"github.com/pbemd/pbemd/replay"
	"github.com/pbemd/pbemd/rules"
	"github.com/pbemd/pbemd/rules/thunderdome"
	"github.com/pbemd/pbemd/store"
)

// tdNPE starts the Thunderdome IV campaign with battles: reported, a
// non-player empire holding the sector next to the first player's home,
// and plays that player's turn into it: the NPE is met at step 8, and
// every other player is asked to volunteer to play it (UTD5.231). It
// returns the attacker, the call's ID, the NPE's empire and sector, and
// the other players, who got ballots.
func tdNPE(t *testing.T) (h *harness, attacker campaign.PlayerID, poll, empire string, at campaign.SystemID, others []string) {
	t.Helper()
	h = newThunderdomeHarness(t)
	attacker, at = h.tdCurrent()
	err := h.db.Update(func(tx *store.Tx) error {
		rec, err := tx.Turn("thunderdome", 1)
		if err != nil {
			return err
		}
		rec.State.Rules.Battles = campaign.BattlesReported
		x, err := thunderdome.ExtOf(rec.State)
		if err != nil {
			return err
		}
		empire = x.NPEEmpires[0].Name
		x.NPEs = []thunderdome.NPE{{At: at, Empire: empire, Finder: attacker, Found: 1}}
		if rec.State.Ext, err = json.Marshal(x); err != nil {
			return err
		}
		return tx.PutTurn("thunderdome", rec)
	})
	if err != nil {
		t.Fatal(err)
	}
	poll = fmt.Sprintf("npe-%s-t1", at)
	h.send(h.mailFrom(string(attacker), h.tdOrders(attacker, 1, true, fmt.Sprintf("move: {fleet: f1, to: %s}", at))))
	h.next(string(attacker)).want(t, "accepted")
	others = tdOthers(attacker)
	question := fmt.Sprintf("Who plays the %s at %s against %s?", empire, at, attacker)
	for _, p := range others {
		got := h.nextBySubject(p, "Turn 2", "Vote "+poll)
		got["Vote "+poll].want(t, question, "Any player but "+string(attacker)+" may volunteer", "(UTD5.231)",
			"command: vote "+poll+" volunteer", "the outcome is none", "The first of the 3 voters (")
		got["Vote "+poll].wantNot(t, "0001-01-01")
	}
	got := h.nextBySubject(string(attacker), "Turn 2", "Vote "+poll+" is open")
	got["Vote "+poll+" is open"].want(t, question, "You do not vote on this one")
	got["Turn 2"].want(t, "The turn waits for a volunteer")
	c := h.tdCampaign()
	if due := duePlayers(c); len(due) != 0 {
		t.Errorf("%v owe orders while the call for a volunteer is open; want nobody", due)
	}
	p := h.turnStateOf("thunderdome", 2).Polls
	if len(p) != 1 || !p[0].Closes.Equal(h.clock.Now().UTC().Add(thunderdome.VolunteerDays*24*60*60*1e9)) {
		t.Fatalf("polls %+v; want the call, closing in %d days", p, thunderdome.VolunteerDays)
	}
	return h, attacker, poll, empire, at, others
}

// TestUTD5_231_VolunteerByMail: an NPE met in a campaign whose players
// fight its battles: every other player gets the call for a volunteer;
// orders meanwhile are refused, saying the turn waits; a vote from the
// attacker, who may not play the NPE, changes nothing; the first to
// volunteer plays it: the attacker and the volunteer get the battle's
// mail, the volunteer as the NPE's side, and a later volunteer is told
// the call is closed. Both sides report a result that settles it: the
// attacker conquers the NPE, and the next player's turn opens.
func TestUTD5_231_VolunteerByMail(t *testing.T) {
	skipUnderRace(t)
	h, attacker, poll, empire, at, others := tdNPE(t)
	volunteer, late := campaign.PlayerID(others[0]), campaign.PlayerID(others[1])

	h.send(h.mailFrom(string(volunteer), h.tdOrders(volunteer, 2, true)))
	h.next(string(volunteer)).want(t, "It is not your turn", "Nobody owes orders for turn 2 now", poll)
	h.tdAsk(attacker, "command: vote "+poll+" volunteer").want(t, "You do not vote on "+poll, "Nothing changed")

	h.tdAsk(volunteer, "command: vote "+poll+" volunteer").want(t, "It settled the poll: the outcome is volunteer")
	battle := fmt.Sprintf("T1-npe-%s", at)
	for _, p := range tdPlayers {
		subjects := []string{"Vote " + poll + ": volunteer"}
		if p == string(attacker) || p == string(volunteer) {
			subjects = append(subjects, "Battle "+battle+": report its result")
		}
		got := h.nextBySubject(p, subjects...)
		got["Vote "+poll+": volunteer"].want(t, "Votes: volunteer: "+string(volunteer))
		if m := got["Battle "+battle+": report its result"]; m != nil {
			m.want(t, string(attacker)+"#1", string(volunteer)+"#1", string(volunteer)+" plays a non-player empire here (UTD5.231)",
				"negotiated: anschluss")
		}
	}
	h.tdAsk(late, "command: vote "+poll+" volunteer").want(t, "Poll "+poll+" is closed, with the outcome volunteer")

	st := h.turnStateOf("thunderdome", 2)
	if len(st.Battles) != 1 || st.Battles[0].ID != battle || !slices.Equal(st.Battles[0].Sides, []campaign.PlayerID{attacker, volunteer}) {
		t.Fatalf("battles %+v; want %s between %s and %s", st.Battles, battle, attacker, volunteer)
	}
	if bc := h.tdBattleCase(); bc == nil || bc.ID != battle || !bc.ContactBy.After(h.clock.Now()) {
		t.Fatalf("battle case %+v; want %s open, with its clocks running", bc, battle)
	}

	// The attacker reports every ship of the NPE's destroyed; the
	// volunteer confirms.
	result := []string{"battle: " + battle, "result:", "  ships:"}
	for i := range st.Battles[0].Fleets[1].Units {
		result = append(result, fmt.Sprintf("    - {ship: %s#%d, fate: destroyed}", volunteer, i+1))
	}
	h.tdAsk(attacker, result...).want(t, "result for battle "+battle+" is on file")
	h.next(string(volunteer)).want(t, "confirm it?")
	h.tdAsk(volunteer, "battle: "+battle, "confirm: true").want(t, "Battle "+battle+" is settled, agreed by both sides")
	for _, p := range tdPlayers {
		h.next(p).want(t, "Battle "+battle+" is settled", fmt.Sprintf("%s conquers the %s at %s", attacker, empire, at), "orders are due from")
	}
	h.tdOpened(t)
	c := h.tdCampaign()
	if due := duePlayers(c); len(due) != 1 || due[0] == attacker {
		t.Errorf("due %v after the battle; want the next player", due)
	}
	if x, _ := thunderdome.ExtOf(h.turnStateOf("thunderdome", 2)); len(x.NPEs) != 0 {
		t.Errorf("NPEs %+v after the conquest; want none", x.NPEs)
	}
	h.quiet(append(tdPlayers, "gm")...)
	v, err := replay.Verify(t.Context(), h.db.DB, rules.Registry(), "thunderdome", replay.VerifyOptions{})
	if err != nil || len(v.Differing()) != 0 {
		t.Errorf("verify = %+v, %v; want every turn matching", v, err)
	}
}

// TestUTD5_231_NoVolunteerAnschlussByMail: nobody volunteers; a forged
// volunteer, whose token is wrong, changes nothing; at its deadline the
// call closes with none, the attacker gets the NPE by automatic
// Anschluss (UTD5.2A1), every player is told, and the next player's turn
// opens.
func TestUTD5_231_NoVolunteerAnschlussByMail(t *testing.T) {
	skipUnderRace(t)
	h, attacker, poll, empire, at, others := tdNPE(t)
	h.send(h.mailFrom(others[0], fmt.Sprintf("campaign: thunderdome\nplayer: %s\ntoken: %s\ncommand: vote %s volunteer\n",
		others[0], h.tokens[campaign.PlayerID(others[1])], poll)))
	h.next(others[0]).want(t, "The token in this mail is not yours", "changed nothing")
	h.next(others[1]).want(t, "Your token was used from another address", others[0]+"@example.test")
	h.next("gm").want(t, "token was used from another address")
	if p := h.turnStateOf("thunderdome", 2).Polls; len(p) != 1 || len(p[0].Votes) != 0 {
		t.Fatalf("polls after a forged vote: %+v; want the call with no vote", p)
	}
	h.advanceTo(h.turnStateOf("thunderdome", 2).Polls[0].Closes)
	for _, p := range tdPlayers {
		h.next(p).want(t, "Vote "+poll+": none", "Nobody answered before the poll closed",
			"Nobody volunteered within 7 days", fmt.Sprintf("Anschluss: the %s at %s joins %s", empire, at, attacker),
			fmt.Sprintf("%s captured the %s's", attacker, empire), "The turn goes on: orders are due from")
	}
	h.tdOpened(t)
	st := h.turnStateOf("thunderdome", 2)
	x, _ := thunderdome.ExtOf(st)
	if len(st.Polls) != 0 || len(st.Battles) != 0 || len(x.NPEs) != 0 {
		t.Errorf("after the call: polls %+v, battles %+v, NPEs %+v; want none", st.Polls, st.Battles, x.NPEs)
	}
	if !slices.ContainsFunc(st.Developments, func(d campaign.Development) bool { return d.At == at && d.Owner == attacker }) {
		t.Errorf("developments %+v; want %s's at %s", st.Developments, attacker, at)
	}
	c := h.tdCampaign()
	if due := duePlayers(c); len(due) != 1 || due[0] == attacker {
		t.Errorf("due %v after the Anschluss; want the next player", due)
	}
	h.quiet(append(tdPlayers, "gm")...)
}

// tdVolunteer plays tdNPE and has the first other player volunteer: the
// battle against the NPE waits for its sides, the attacker and the
// volunteer. It returns the volunteer, the battle's case and the other
// two players.
func tdVolunteer(t *testing.T) (h *harness, attacker, volunteer campaign.PlayerID, bc *store.BattleCase, rest []string) {
	t.Helper()
	h, attacker, poll, _, _, others := tdNPE(t)
	volunteer = campaign.PlayerID(others[0])
	h.tdAsk(volunteer, "command: vote "+poll+" volunteer").want(t, "the outcome is volunteer")
	for _, p := range tdPlayers {
		if p == string(attacker) || p == string(volunteer) {
			h.nextBySubject(p, "Vote "+poll+": volunteer", "report its result")
		} else {
			h.next(p).want(t, "Vote "+poll+": volunteer")
		}
	}
	if bc = h.tdBattleCase(); bc == nil {
		t.Fatal("no battle case after the volunteer came forward")
	}
	return h, attacker, volunteer, bc, others[1:]
}

// TestUTD3_43_NPEVolunteerLetsTheClockRunOut: the volunteer who plays
// the NPE never answers, though the attacker made contact. When the
// contact clock runs out the NPE, which never retreats (UTD5.24), is left
// without an opponent, as if nobody had volunteered: the attacker gets it
// by automatic Anschluss (UTD3.43, UTD5.231, UTD5.2A1), every player is
// told, and the next player's turn opens. A side cannot report that end
// itself.
func TestUTD3_43_NPEVolunteerLetsTheClockRunOut(t *testing.T) {
	skipUnderRace(t)
	h, attacker, volunteer, bc, _ := tdVolunteer(t)
	st := h.turnStateOf("thunderdome", 2)
	x, _ := thunderdome.ExtOf(st)
	empire, at := x.NPEs[0].Empire, x.NPEs[0].At
	h.tdAsk(attacker, "battle: "+bc.ID, "result: {negotiated: forfeit}").want(t, "does not fit", "negotiated: forfeit")
	h.tdAsk(attacker, "battle: "+bc.ID, "contact: true").want(t, "contact with the other side of battle "+bc.ID+" is noted")
	h.advanceTo(bc.ContactBy)
	for _, p := range tdPlayers {
		h.next(p).want(t, "Battle "+bc.ID+" is settled", string(volunteer)+", who plays the "+empire+" at "+string(at)+", made no contact",
			"(UTD3.43)", fmt.Sprintf("Anschluss: the %s at %s joins %s", empire, at, attacker), "The turn goes on: orders are due from")
	}
	h.tdOpened(t)
	st = h.turnStateOf("thunderdome", 2)
	x, _ = thunderdome.ExtOf(st)
	if len(st.Battles) != 0 || len(x.NPEs) != 0 || !slices.ContainsFunc(st.Developments, func(d campaign.Development) bool { return d.At == at && d.Owner == attacker }) {
		t.Errorf("after the clock: battles %+v, NPEs %+v; want none, and %s's development at %s", st.Battles, x.NPEs, attacker, at)
	}
	if due := duePlayers(h.tdCampaign()); len(due) != 1 || due[0] == attacker {
		t.Errorf("due %v; want the next player", due)
	}
	h.quiet(append(tdPlayers, "gm")...)
}

// TestUTD3_45_NPEBattleAppealByMail: the volunteer makes contact, then
// neither confirms the attacker's result nor sends one; when the time to
// settle the battle runs out, the players who did not fight it vote on
// it (UTD3.45): both choose the attacker's result, which conquers the NPE
// (UTD5.2A2), and the next player's turn opens.
func TestUTD3_45_NPEBattleAppealByMail(t *testing.T) {
	skipUnderRace(t)
	h, attacker, volunteer, bc, voters := tdVolunteer(t)
	st := h.turnStateOf("thunderdome", 2)
	x, _ := thunderdome.ExtOf(st)
	empire, at := x.NPEs[0].Empire, x.NPEs[0].At
	h.tdAsk(volunteer, "battle: "+bc.ID, "contact: true").want(t, "is noted")
	h.tdAsk(attacker, destroyedIn(h, bc.ID, volunteer)...).want(t, "result for battle "+bc.ID+" is on file")
	h.next(string(volunteer)).want(t, "confirm it?")
	h.advanceTo(bc.ResolveBy)
	poll := "appeal-" + bc.ID
	for _, v := range voters {
		h.next(v).want(t, "Vote "+poll+": appeal of battle "+bc.ID, "The result "+string(attacker)+" sent", "2 of the 2 voters")
	}
	for _, p := range []campaign.PlayerID{attacker, volunteer} {
		h.next(string(p)).want(t, "Vote "+poll+" is open", "You do not vote on this one")
	}
	h.tdAsk(campaign.PlayerID(voters[0]), "command: vote "+poll+" "+string(attacker)).want(t, "1 vote of the 2")
	h.tdAsk(campaign.PlayerID(voters[1]), "command: vote "+poll+" "+string(attacker)).want(t, "the outcome is "+string(attacker))
	for _, p := range tdPlayers {
		got := h.nextBySubject(p, "Vote "+poll+": "+string(attacker), "Battle "+bc.ID+" is settled", "Turn 2, cycle")
		got["Vote "+poll+": "+string(attacker)].want(t, "Battle "+bc.ID+" is settled with "+string(attacker)+"'s result")
		got["Battle "+bc.ID+" is settled"].want(t, fmt.Sprintf("%s conquers the %s at %s", attacker, empire, at), "orders are due from")
		tdOpening(t, got["Turn 2, cycle"])
	}
	st = h.turnStateOf("thunderdome", 2)
	x, _ = thunderdome.ExtOf(st)
	if len(st.Battles) != 0 || len(st.Polls) != 0 || len(x.NPEs) != 0 {
		t.Errorf("after the appeal: battles %+v, polls %+v, NPEs %+v; want none", st.Battles, st.Polls, x.NPEs)
	}
	h.quiet(append(tdPlayers, "gm")...)
}

// TestUTD3_5_NPEBattleFoughtWhenNoResult: both sides of the battle
// against the NPE make contact and send no result; when its time runs
// out there is no result to appeal, so pbemd fights it, the volunteer's
// NPE force against the attacker (UTD3.5, UTD5.25), and the turn goes
// on.
func TestUTD3_5_NPEBattleFoughtWhenNoResult(t *testing.T) {
	skipUnderRace(t)
	h, attacker, volunteer, bc, _ := tdVolunteer(t)
	x, _ := thunderdome.ExtOf(h.turnStateOf("thunderdome", 2))
	empire := x.NPEs[0].Empire
	for _, p := range []campaign.PlayerID{attacker, volunteer} {
		h.tdAsk(p, "battle: "+bc.ID, "contact: true").want(t, "is noted")
	}
	h.advanceTo(bc.ResolveBy)
	for _, p := range tdPlayers {
		h.next(p).want(t, "Battle "+bc.ID+" is settled", fmt.Sprintf("%s with fleet f1", attacker), "against "+empire+" with fleet npe",
			"The turn goes on: orders are due from")
	}
	h.tdOpened(t)
	st := h.turnStateOf("thunderdome", 2)
	if len(st.Battles) != 0 || len(st.Polls) != 0 {
		t.Errorf("after the clock: battles %+v, polls %+v; want none", st.Battles, st.Polls)
	}
	h.quiet(append(tdPlayers, "gm")...)
}

// destroyedIn is a result of battle id in which every ship of loser's is
// destroyed.
func destroyedIn(h *harness, id string, loser campaign.PlayerID) []string {
	lines := []string{"battle: " + id, "result:", "  ships:"}
	for _, b := range h.turnStateOf("thunderdome", h.tdCampaign().Turn).Battles {
		for _, f := range b.Fleets {
			for i := range f.Units {
				if b.ID == id && f.Owner == loser {
					lines = append(lines, fmt.Sprintf("    - {ship: %s#%d, fate: destroyed}", loser, i+1))
				}
			}
		}
	}
	return lines
}

// TestUTD5_26_ObjectionByMail: the sides of the battle against the NPE
// agree that it surrenders before combat (negotiated: anschluss); every
// player is asked whether they object, and the next player's turn opens
// meanwhile. A player objects: that opens the vote of all players on it
// (UTD5.26), mailed like any poll; a supermajority approves it, and the
// Anschluss takes effect (UTD5.224, UTD5.2A1).
func TestUTD5_26_ObjectionByMail(t *testing.T) {
	skipUnderRace(t)
	h, attacker, volunteer, bc, rest := tdVolunteer(t)
	x, _ := thunderdome.ExtOf(h.turnStateOf("thunderdome", 2))
	empire, at := x.NPEs[0].Empire, x.NPEs[0].At
	h.tdAsk(attacker, "battle: "+bc.ID, "result: {negotiated: anschluss}").want(t, "result for battle "+bc.ID+" is on file")
	h.next(string(volunteer)).want(t, "confirm it?", "negotiated")
	h.tdAsk(volunteer, "battle: "+bc.ID, "confirm: true").want(t, "Battle "+bc.ID+" is settled, agreed by both sides")
	objection := fmt.Sprintf("npe-%s-t1-objection", at)
	for _, p := range tdPlayers {
		got := h.nextBySubject(p, "Battle "+bc.ID+" is settled", "Vote "+objection, "Turn 2, cycle")
		got["Battle "+bc.ID+" is settled"].want(t, "Any player may object within 3 days (UTD5.26)", "orders are due from")
		tdOpening(t, got["Turn 2, cycle"])
		got["Vote "+objection].want(t, fmt.Sprintf("Object to the anschluss of the %s at %s?", empire, at), "command: vote "+objection+" object",
			"if nobody answers by then, the outcome is none")
	}
	if due := duePlayers(h.tdCampaign()); len(due) != 1 || due[0] == attacker {
		t.Errorf("due %v while players may object; want the next player", due)
	}

	objector := campaign.PlayerID(rest[0])
	h.tdAsk(objector, "command: vote "+objection+" object").want(t, "It settled the poll: the outcome is object")
	approval := fmt.Sprintf("npe-%s-t1-approval", at)
	for _, p := range tdPlayers {
		got := h.nextBySubject(p, "Vote "+objection+": object", "Vote "+approval)
		got["Vote "+objection+": object"].want(t, string(objector)+" objected", "3 of the 4 players approve it")
		got["Vote "+approval].want(t, fmt.Sprintf("Approve the anschluss of the %s at %s?", empire, at), "3 of the 4 voters",
			"command: vote "+approval+" approve", "the outcome is reject")
	}
	for _, p := range []campaign.PlayerID{attacker, volunteer} {
		h.tdAsk(p, "command: vote "+approval+" approve").want(t, "is counted")
	}
	h.tdAsk(campaign.PlayerID(rest[1]), "command: vote "+approval+" approve").want(t, "It settled the poll: the outcome is approve")
	for _, p := range tdPlayers {
		h.next(p).want(t, "Vote "+approval+": approve", fmt.Sprintf("The %s at %s surrenders to %s as negotiated", empire, at, attacker),
			fmt.Sprintf("Anschluss: the %s at %s joins %s", empire, at, attacker))
	}
	st := h.turnStateOf("thunderdome", 2)
	x, _ = thunderdome.ExtOf(st)
	if len(st.Polls) != 0 || len(x.NPEs) != 0 {
		t.Errorf("after the approval: polls %+v, NPEs %+v; want none", st.Polls, x.NPEs)
	}
	h.quiet(append(tdPlayers, "gm")...)
}
