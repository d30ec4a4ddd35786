package moderator_test

import (
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/pbemd/pbemd/campaign"
	"github.com/pbemd/pbemd/game"
	"github.com/pbemd/pbemd/replay"
	"github.com/pbemd/pbemd/rules"
	"github.com/pbemd/pbemd/rules/eaw"
	"github.com/pbemd/pbemd/store"
)

// nextBySubject waits for a user's next n mails, in whatever order they come,
// and returns them by the first of subjects each subject contains.
func (h *harness) nextBySubject(user string, subjects ...string) map[string]*received {
	h.t.Helper()
	out := map[string]*received{}
	for range subjects {
		m := h.next(user)
		i := slices.IndexFunc(subjects, func(s string) bool { return strings.Contains(m.Subject, s) && out[s] == nil })
		if i < 0 {
			h.t.Fatalf("%s got %q; want mails with %q", user, m.Subject, subjects)
		}
		out[subjects[i]] = m
	}
	return out
}

// tdDisputed plays tdBattle and has its sides send results that differ:
// the attacker reports the defender's first ship destroyed, the defender
// every ship intact. It returns the other two players, who vote on an
// appeal.
func tdDisputed(t *testing.T) (h *harness, attacker, defender campaign.PlayerID, voters []string) {
	t.Helper()
	h, attacker, defender, _ = tdBattle(t)
	h.tdAsk(attacker, destroyed(h, defender)...).want(t, "result for battle T1-B1 is on file")
	h.next(string(defender)).want(t, "confirm it?", "the players who did not fight the battle then vote")
	h.tdAsk(defender, destroyed(h, attacker)...).
		want(t, "Battle T1-B1 is disputed", "differs from "+string(attacker)+"'s", "the players who did not fight it vote")
	for _, p := range tdPlayers {
		if p != string(attacker) && p != string(defender) {
			voters = append(voters, p)
		}
	}
	return h, attacker, defender, voters
}

// destroyed is a result of battle T1-B1 in which every ship of loser's is
// destroyed.
func destroyed(h *harness, loser campaign.PlayerID) []string {
	b := h.turnStateOf("thunderdome", 2).Battles[0]
	lines := []string{"battle: T1-B1", "result:", "  ships:"}
	for _, f := range b.Fleets {
		for i := range f.Units {
			if f.Owner == loser {
				lines = append(lines, fmt.Sprintf("    - {ship: %s#%d, fate: destroyed}", loser, i+1))
			}
		}
	}
	return lines
}

// openAppeal runs the battle's clock out: the appeal opens, a ballot to
// each voter, a notice to each side, and the GM is not asked.
func (h *harness) openAppeal(t *testing.T, attacker, defender campaign.PlayerID, voters []string) {
	t.Helper()
	c := h.tdCampaign()
	var bc *store.BattleCase
	h.db.View(func(tx *store.Tx) error {
		cases, err := tx.Battles(c.ID)
		bc = cases[0]
		return err
	})
	h.advanceTo(bc.ResolveBy)
	for _, v := range voters {
		h.next(v).want(t, "Vote appeal-T1-B1: appeal of battle T1-B1", "was not settled in time",
			"The result "+string(attacker)+" sent", string(defender)+"#1", "The result "+string(defender)+" sent",
			"The answers: "+string(attacker)+", "+string(defender)+", none", "2 of the 2 voters", "(UTD1.7)",
			"command: vote appeal-T1-B1 "+string(attacker), "the outcome is none")
	}
	for _, p := range []campaign.PlayerID{attacker, defender} {
		h.next(string(p)).want(t, "Vote appeal-T1-B1 is open", "You do not vote on this one")
	}
	h.quiet("gm")
}

// TestUTD3_45_AppealByVote: a battle whose sides sent results that
// differ and did not agree in time goes to the vote of the other two
// players, by mail: a side may not vote, a voter votes once, the second
// voter's vote settles it with the attacker's result, every player is
// told, and a vote after the poll closed is refused. Nothing refused
// changes anything, and pbemd verify still finds the turn as resolved.
func TestUTD3_45_AppealByVote(t *testing.T) {
	skipUnderRace(t)
	h, attacker, defender, voters := tdDisputed(t)
	h.openAppeal(t, attacker, defender, voters)

	vote := func(p string, poll, option string) *received {
		return h.tdAsk(campaign.PlayerID(p), "command: vote "+poll+" "+option)
	}
	h.tdAsk(campaign.PlayerID(voters[0]), "command: status").want(t, "Votes open to you", "appeal-T1-B1: appeal of battle T1-B1; closes")
	h.send(h.mailFrom("gm", "campaign: thunderdome\ntoken: "+h.gmToken()+"\ncommand: status\n"))
	h.next("gm").want(t, "Votes open: 1", "appeal-T1-B1: appeal of battle T1-B1; 0 of 2 voted, 2 must agree")
	before := h.turnStateOf("thunderdome", 2)
	vote(string(attacker), "appeal-T1-B1", string(attacker)).want(t, "You do not vote on appeal-T1-B1", "Nothing changed")
	vote(voters[0], "appeal-T1-B1", "lyranx").want(t, "appeal-T1-B1 has no answer lyranx", "none")
	vote(voters[0], "appeal-T1-B9", string(attacker)).want(t, "No poll appeal-T1-B9 is open", "appeal-T1-B1")
	if after := h.turnStateOf("thunderdome", 2); len(after.Polls) != 1 || len(after.Polls[0].Votes) != 0 || len(before.Polls[0].Votes) != 0 {
		t.Fatalf("polls after refused votes: %+v; want the appeal with no votes", after.Polls)
	}
	h.tdAsk(defender, "battle: T1-B1", "confirm: true").want(t, "now vote on its result (appeal-T1-B1)", "Nothing changed")

	vote(voters[0], "appeal-T1-B1", string(attacker)).want(t, "Your vote for "+string(attacker)+" on appeal-T1-B1 is counted", "1 vote of the 2")
	vote(voters[0], "appeal-T1-B1", string(defender)).want(t, "You voted on appeal-T1-B1 already, for "+string(attacker))
	vote(voters[1], "APPEAL-T1-B1", string(attacker)).want(t, "It settled the poll: the outcome is "+string(attacker))
	for _, p := range tdPlayers {
		got := h.nextBySubject(p, "Vote appeal-T1-B1: "+string(attacker), "Battle T1-B1 is settled", "Turn 2, cycle")
		got["Vote appeal-T1-B1: "+string(attacker)].want(t, "Votes: "+string(attacker)+": "+voters[0]+", "+voters[1],
			"Battle T1-B1 is settled with "+string(attacker)+"'s result")
		got["Battle T1-B1 is settled"].want(t, "orders are due from")
		tdOpening(t, got["Turn 2, cycle"])
	}
	vote(voters[1], "appeal-T1-B1", string(defender)).want(t, "Poll appeal-T1-B1 is closed, with the outcome "+string(attacker))

	st := h.turnStateOf("thunderdome", 2)
	if len(st.Polls) != 0 || len(st.Battles) != 0 {
		t.Errorf("after the appeal: polls %+v, battles %+v; want none", st.Polls, st.Battles)
	}
	if f := st.Fleet(defender, "f1"); f != nil && len(f.Units) == len(before.Battles[0].Fleets[1].Units) {
		t.Errorf("%s's f1 = %+v; want its first ship destroyed, as %s's result says", defender, f, attacker)
	}
	h.quiet(append(tdPlayers, "gm")...)
	v, err := replay.Verify(t.Context(), h.db.DB, rules.Registry(), "thunderdome", replay.VerifyOptions{})
	if err != nil || len(v.Differing()) != 0 {
		t.Errorf("verify after the appeal = %+v, %v; want every turn matching", v, err)
	}
}

// TestUTD1_7_AppealDefaultAtDeadline: when nobody votes on an appeal by
// its deadline, it closes with its default: no result is chosen, and
// pbemd fights the battle.
func TestUTD1_7_AppealDefaultAtDeadline(t *testing.T) {
	skipUnderRace(t)
	h, attacker, defender, voters := tdDisputed(t)
	h.openAppeal(t, attacker, defender, voters)
	p := h.turnStateOf("thunderdome", 2).Polls[0]
	if want := h.clock.Now().Add(7 * 24 * time.Hour); !p.Closes.Equal(want) || p.Need != 2 {
		t.Fatalf("appeal closes %v and needs %d; want a week, %v, and 2 of 2", p.Closes, p.Need, want)
	}
	h.tdAsk(campaign.PlayerID(voters[0]), "command: vote appeal-T1-B1 "+string(defender)).want(t, "1 vote of the 2")
	h.advanceTo(p.Closes)
	for _, u := range tdPlayers {
		got := h.nextBySubject(u, "Vote appeal-T1-B1: none", "Battle T1-B1 is settled", "Turn 2, cycle")
		tdOpening(t, got["Turn 2, cycle"])
		got["Vote appeal-T1-B1: none"].want(t, "No answer had the 2 votes it needed when the poll closed",
			"Votes: "+string(defender)+": "+voters[0], "No result was chosen, so pbemd fought battle T1-B1 itself")
	}
	if st := h.turnStateOf("thunderdome", 2); len(st.Polls) != 0 || len(st.Battles) != 0 {
		t.Errorf("after the deadline: polls %+v, battles %+v; want none", st.Polls, st.Battles)
	}
	h.quiet(append(tdPlayers, "gm")...)
}

// TestUTD1_7_OutcomeCertainEarly: a poll closes as soon as no answer but
// its default can win: an extension needs 3 of 4 votes, the player's
// own counted; two players voting no leave yes short, so the poll
// closes at once, the deadline stays, and everyone is told.
func TestUTD1_7_OutcomeCertainEarly(t *testing.T) {
	skipUnderRace(t)
	h := newThunderdomeHarness(t)
	p, _ := h.tdCurrent()
	deadline := h.tdCampaign().Seat(p).Deadline
	others := tdOthers(p)
	poll := "extension-" + string(p) + "-1"
	h.askIn("thunderdome", string(p), `extension: {hours: 48, reason: "exams"}`).
		want(t, "put to the other players' vote as "+poll, "It needs 3 votes")
	for _, o := range others {
		h.next(o).want(t, "Vote "+poll+": "+string(p)+" asks 48 more hours", "Reason given: exams", "3 of the 4 voters")
	}
	h.tdAsk(campaign.PlayerID(string(p)), "command: vote "+poll+" yes").want(t, "You voted on "+poll+" already, for yes")
	h.tdAsk(campaign.PlayerID(others[0]), "command: vote "+poll+" no").want(t, "1 vote of the 3")
	h.tdAsk(campaign.PlayerID(others[1]), "command: vote "+poll+" no").want(t, "It settled the poll: the outcome is no")
	for _, u := range tdPlayers {
		h.next(u).want(t, "Vote "+poll+": no", "No answer can reach the 3 votes it needs any more", string(p)+" gets no extension")
	}
	if got := h.tdCampaign().Seat(p).Deadline; !got.Equal(deadline) {
		t.Errorf("deadline %v after the extension was refused; want it unchanged, %v", got, deadline)
	}
	h.quiet(append(tdPlayers, "gm")...)
}

// TestUTD3_32_ExtensionByVote: past the week granted at once on a
// real-life claim, a player's further extension goes to the players'
// vote, not the GM; with 3 of 4 for it, the deadline moves at once and
// everyone is told.
func TestUTD3_32_ExtensionByVote(t *testing.T) {
	skipUnderRace(t)
	h := newThunderdomeHarness(t)
	p, _ := h.tdCurrent()
	others := tdOthers(p)
	h.askIn("thunderdome", string(p), `extension: {hours: 168, reason: "moving house", real_life: true}`).want(t, "Granted: a week more")
	for _, o := range others {
		h.next(o).want(t, "real-life reasons")
	}
	h.next("gm")
	deadline := h.tdCampaign().Seat(p).Deadline
	poll := "extension-" + string(p) + "-2"
	h.askIn("thunderdome", string(p), `extension: {hours: 72, reason: "still moving"}`).want(t, "put to the other players' vote as "+poll)
	for _, u := range others {
		h.next(u).want(t, "Vote "+poll, "asks 72 more hours")
	}
	h.tdAsk(campaign.PlayerID(others[0]), "command: vote "+poll+" yes").want(t, "2 votes of the 3")
	h.tdAsk(campaign.PlayerID(others[1]), "command: vote "+poll+" yes").want(t, "the outcome is yes")
	for _, u := range tdPlayers {
		h.next(u).want(t, "Vote "+poll+": yes", string(p)+" has 72 more hours")
	}
	if got := h.tdCampaign().Seat(p).Deadline; !got.Equal(deadline.Add(72 * time.Hour)) {
		t.Errorf("deadline %v; want 72 hours after %v", got, deadline)
	}
	h.tdAsk(campaign.PlayerID(others[2]), "command: vote "+poll+" yes").want(t, "Poll "+poll+" is closed, with the outcome yes")
	h.quiet(append(tdPlayers, "gm")...)
}

// TestUTD1_7_RuleProposal: a player proposes a rule; it is put to
// everyone's vote, adopted with 3 of 4, and announced.
func TestUTD1_7_RuleProposal(t *testing.T) {
	skipUnderRace(t)
	h := newThunderdomeHarness(t)
	p := campaign.PlayerID(tdPlayers[1])
	h.tdAsk(p, "command: propose").want(t, `A proposal reads "command: propose rule`)
	h.tdAsk(p, "command: propose rule No battles in nebulae.").want(t, "put to the vote as rule-1", "3 votes carry it")
	for _, u := range tdOthers(p) {
		h.next(u).want(t, "Vote rule-1: "+string(p)+" proposes a rule", "No battles in nebulae.")
	}
	for _, u := range tdOthers(p)[:2] {
		h.tdAsk(campaign.PlayerID(u), "command: vote rule-1 yes")
	}
	for _, u := range tdPlayers {
		h.next(u).want(t, "Vote rule-1: yes", "The rule "+string(p)+" proposed is adopted:", "No battles in nebulae.")
	}
	h.quiet(append(tdPlayers, "gm")...)
	var adopted bool
	h.db.View(func(tx *store.Tx) error {
		log, err := tx.AuditLog("thunderdome")
		adopted = slices.ContainsFunc(log, func(e *store.AuditEntry) bool {
			return e.Action == "rule adopted" && e.Detail == "No battles in nebulae."
		})
		return err
	})
	if !adopted {
		t.Error("the campaign's log does not keep the adopted rule")
	}
}

// setDecisions has campaign id decide by votes or by its GM, as its
// scenario's moderation: {decisions: ...} would.
func (h *harness) setDecisions(id campaign.ID, d string) {
	h.t.Helper()
	err := h.db.Update(func(tx *store.Tx) error {
		c, err := tx.Campaign(id)
		if err != nil {
			return err
		}
		c.Moderation.Decisions = d
		return tx.PutCampaign(c)
	})
	if err != nil {
		h.t.Fatal(err)
	}
}

// TestDecisionsByGMAsHouseRule: a Thunderdome IV campaign whose scenario
// says decisions: gm asks the GM about a long extension, as part 1 did,
// and takes no proposals.
func TestDecisionsByGMAsHouseRule(t *testing.T) {
	skipUnderRace(t)
	h := newThunderdomeHarness(t)
	h.setDecisions("thunderdome", campaign.DecideGM)
	p, _ := h.tdCurrent()
	h.askIn("thunderdome", string(p), `extension: {hours: 48, reason: "exams"}`).want(t, "is with the GM")
	h.next("gm").want(t, fmt.Sprintf("%s asks", p))
	h.tdAsk(p, "command: propose rule No battles in nebulae.").want(t, "decides by its GM, not by vote")
}

// volunteers is Empires at War with a call for a volunteer that the
// resolution of turn 1 opens, as a ruleset opens polls (game.Polls): the
// first player to answer wins, and the ruleset tells everyone who did.
type volunteers struct{ eaw.Ruleset }

// callCloses is when the call for a volunteer closes.
var callCloses = start.AddDate(1, 0, 0)

func (v volunteers) Resolve(t game.Turn) *game.Result {
	res := v.Ruleset.Resolve(t)
	if t.State.Turn == 1 {
		var all []campaign.PlayerID
		for _, p := range res.Next.Players {
			all = append(all, p.ID)
		}
		res.Next.Polls = append(res.Next.Polls, campaign.Poll{ID: "call-1", Kind: "volunteer", Subject: "who fights the pirates?",
			Text: "Pirates raid Mistral; one of you may fight them.", Voters: all, Options: []string{"volunteer"}, Need: 1,
			Default: "none", Opened: 1, Closes: callCloses})
	}
	return res
}

func (volunteers) Decide(st *campaign.State, p campaign.Poll, outcome string) ([]game.Event, error) {
	var all []campaign.PlayerID
	for _, pl := range st.Players {
		all = append(all, pl.ID)
	}
	who := "nobody"
	if len(p.Votes) > 0 && outcome == "volunteer" {
		who = string(p.Votes[0].Player)
	}
	return []game.Event{{Kind: game.EventNotice, Players: all, Text: who + " fights the pirates at Mistral."}}, nil
}

// TestRulesetPollByMail: a poll the ruleset opens in a turn's resolution
// is mailed with the turn's reports, every player a voter; the first
// volunteer closes it at once, the ruleset applies the outcome, every
// player hears it, and the next turn's report tells it again; pbemd
// verify finds the turn as it was resolved.
func TestRulesetPollByMail(t *testing.T) {
	skipUnderRace(t)
	h := newHarnessWith(t, game.NewRegistry(volunteers{}))
	players := []string{"vorn", "castellan", "ashari", "tekkar"}
	for _, p := range players {
		h.next(p).want(t, "Welcome to Frontier Wars")
		h.next(p).want(t, "Turn 1")
	}
	h.advanceTo(h.campaign().Deadline())
	for _, p := range players {
		got := h.nextBySubject(p, "Turn 2", "Vote call-1: who fights the pirates?")
		got["Vote call-1: who fights the pirates?"].want(t, "Pirates raid Mistral", "The first of the 4 voters (", "command: vote call-1 volunteer")
		got["Vote call-1: who fights the pirates?"].wantNot(t, "UTD")
	}
	h.send(h.mailFrom("ashari", "campaign: frontier\nplayer: ashari\ntoken: "+h.tokens["ashari"]+"\ncommand: vote call-1 volunteer\n"))
	h.next("ashari").want(t, "It settled the poll: the outcome is volunteer")
	for _, p := range players {
		h.next(p).want(t, "Vote call-1: volunteer", "ashari fights the pirates at Mistral.")
	}
	h.send(h.mailFrom("vorn", "campaign: frontier\nplayer: vorn\ntoken: "+h.tokens["vorn"]+"\ncommand: vote call-1 volunteer\n"))
	h.next("vorn").want(t, "Poll call-1 is closed, with the outcome volunteer")
	h.advanceTo(h.campaign().Deadline())
	for _, p := range players {
		h.next(p).want(t, "Turn 3", "ashari fights the pirates at Mistral.")
	}
	v, err := replay.Verify(t.Context(), h.db.DB, game.NewRegistry(volunteers{}), "frontier", replay.VerifyOptions{})
	if err != nil || len(v.Differing()) != 0 {
		t.Errorf("verify = %+v, %v; want every turn matching", v, err)
	}
}

// tdStandIn has the defender of battle T1-B1 resign and the players
// still in vote (2 of 3) that another finish the battle in its place: the
// substitute sub. A side cannot be proposed, nor a battle whose sides are
// all in.
func tdStandIn(t *testing.T) (h *harness, attacker, defender, sub campaign.PlayerID) {
	t.Helper()
	h, attacker, defender, _ = tdBattle(t)
	var others []string
	for _, p := range tdPlayers {
		if p != string(attacker) && p != string(defender) {
			others = append(others, p)
		}
	}
	proposer := campaign.PlayerID(others[0])
	sub = campaign.PlayerID(others[1])
	h.tdAsk(proposer, "command: propose substitute T1-B1 "+string(sub)).want(t, "Every side of battle T1-B1 is still in the campaign")
	h.tdResign(defender)
	for _, o := range append(tdOthers(defender), "gm") {
		h.next(o).want(t, string(defender)+" resigned")
	}
	h.tdAsk(proposer, "command: propose substitute T1-B1 "+string(attacker)).want(t, "cannot stand in for a side of battle T1-B1")
	poll := "substitute-T1-B1"
	h.tdAsk(proposer, "command: propose substitute T1-B1 "+string(sub)).want(t, "put to the vote as "+poll, "2 votes carry it")
	for _, u := range []string{string(attacker), string(sub)} {
		h.next(u).want(t, "Vote "+poll+": "+string(sub)+" to finish battle T1-B1 for "+string(defender), "2 of the 3 voters")
	}
	h.tdAsk(sub, "command: vote "+poll+" yes").want(t, "the outcome is yes")
	for _, u := range tdOthers(defender) {
		h.next(u).want(t, "Vote "+poll+": yes", string(sub)+" finishes battle T1-B1 in "+string(defender)+"'s place")
	}
	return h, attacker, defender, sub
}

// TestUTD3_91_SubstituteFinishesBattle: the defender of a battle still
// waiting for its result resigns; the players vote that another finish
// the battle in the defender's place (tdStandIn), and the substitute
// reports the result as the defender's side, which the attacker confirms.
func TestUTD3_91_SubstituteFinishesBattle(t *testing.T) {
	skipUnderRace(t)
	h, attacker, defender, sub := tdStandIn(t)
	h.tdAsk(sub, destroyed(h, attacker)...).want(t, "result for battle T1-B1 is on file")
	h.next(string(attacker)).want(t, "confirm it?", string(defender)+" reports battle T1-B1")
	h.tdAsk(attacker, "battle: T1-B1", "confirm: true").want(t, "Battle T1-B1 is settled, agreed by both sides")
	if st := h.turnStateOf("thunderdome", 2); len(st.Battles) != 0 || st.Fleet(attacker, "f1") != nil {
		t.Errorf("after the battle: battles %v, %s's f1 %+v; want it settled with f1 destroyed", st.Battles, attacker, st.Fleet(attacker, "f1"))
	}
}

// TestUTD3_44_BattleTimeByVote: a side asks for a week more to fight and
// settle its battle; a player who did not fight it may not ask; with 3 of
// 4 for it, the battle's clocks move on by a week and everyone is told.
func TestUTD3_44_BattleTimeByVote(t *testing.T) {
	skipUnderRace(t)
	h, attacker, defender, _ := tdBattle(t)
	var bc *store.BattleCase
	h.db.View(func(tx *store.Tx) error {
		cases, err := tx.Battles("thunderdome")
		bc = cases[0]
		return err
	})
	var others []string
	for _, p := range tdPlayers {
		if p != string(attacker) && p != string(defender) {
			others = append(others, p)
		}
	}
	h.tdAsk(campaign.PlayerID(others[0]), "command: propose extend T1-B1 168h").want(t, "You did not fight in battle T1-B1")
	poll := "extend-T1-B1"
	h.tdAsk(defender, "command: propose extend T1-B1 168h").want(t, "put to the vote as "+poll, "3 votes carry it")
	for _, u := range tdOthers(defender) {
		h.next(u).want(t, "Vote "+poll+": "+string(defender)+" asks 168 more hours for battle T1-B1")
	}
	h.tdAsk(defender, "command: propose extend T1-B1 72h").want(t, "A vote on this is open already ("+poll+")")
	h.tdAsk(campaign.PlayerID(others[0]), "command: vote "+poll+" yes")
	h.tdAsk(attacker, "command: vote "+poll+" yes").want(t, "the outcome is yes")
	for _, u := range tdPlayers {
		h.next(u).want(t, "Vote "+poll+": yes", "Battle T1-B1 has 168 more hours")
	}
	var after *store.BattleCase
	h.db.View(func(tx *store.Tx) error {
		cases, err := tx.Battles("thunderdome")
		after = cases[0]
		return err
	})
	week := 7 * 24 * time.Hour
	if !after.ResolveBy.Equal(bc.ResolveBy.Add(week)) || !after.ContactBy.Equal(bc.ContactBy.Add(week)) {
		t.Errorf("clocks contact %v, resolve %v; want a week after %v and %v", after.ContactBy, after.ResolveBy, bc.ContactBy, bc.ResolveBy)
	}
	h.quiet(append(tdPlayers, "gm")...)
}

// TestAppealAfterRollback: the GM rolls back past the turn in which an
// appeal opened: the appeal is gone with that turn's state, a vote on it
// is refused and changes nothing, and the battle, no longer pending, has
// no clock that opens it again; played again, it is fought anew.
func TestAppealAfterRollback(t *testing.T) {
	skipUnderRace(t)
	h, attacker, defender, voters := tdDisputed(t)
	h.openAppeal(t, attacker, defender, voters)
	token := h.gmToken()
	h.send(h.mailFrom("gm", "campaign: thunderdome\ntoken: "+token+"\ncommand: rollback 1\n"))
	h.next("gm").want(t, "back at the start of turn 1")
	for _, p := range tdPlayers {
		h.next(p).want(t, "turn 1")
	}
	h.tdAsk(campaign.PlayerID(voters[0]), "command: vote appeal-T1-B1 "+string(attacker)).want(t, "No poll appeal-T1-B1 is open")
	if st := h.turnStateOf("thunderdome", 1); len(st.Polls) != 0 {
		t.Errorf("turn 1's polls after the rollback: %+v; want none", st.Polls)
	}
	h.quiet(append(tdPlayers, "gm")...)

	// The orders on file, f1's move into the battle, stand.
	h.send(h.mailFrom(string(attacker), h.tdOrders(attacker, 1, true)))
	h.next(string(attacker)).want(t, "passes now")
	for _, p := range tdPlayers {
		if p == string(attacker) || p == string(defender) {
			h.nextBySubject(p, "Battle T1-B1: report its result", "Turn 2")
		} else {
			h.next(p).want(t, "Turn 2")
		}
	}
	var bc *store.BattleCase
	h.db.View(func(tx *store.Tx) error {
		cases, err := tx.Battles("thunderdome")
		bc = cases[0]
		return err
	})
	if bc.Appeal != "" || len(bc.Results) != 0 || !bc.ResolveBy.After(h.clock.Now()) {
		t.Errorf("battle T1-B1 fought again: %+v; want a new case, with no results, no appeal and time to settle it", bc)
	}
}

// TestUTD1_7_VoterLeaves: a rule needs 3 of 4 votes; its proposer votes
// yes, another no, and a third player resigns without voting: the last
// voter can no longer carry it, so the vote closes with no at once, and
// the players still in are told.
func TestUTD1_7_VoterLeaves(t *testing.T) {
	skipUnderRace(t)
	h := newThunderdomeHarness(t)
	current, _ := h.tdCurrent()
	var others []campaign.PlayerID
	for _, p := range tdOthers(current) {
		others = append(others, campaign.PlayerID(p))
	}
	proposer, against, leaver := others[0], others[1], others[2]
	h.tdAsk(proposer, "command: propose rule No battles in nebulae.").want(t, "put to the vote as rule-1")
	for _, u := range tdOthers(proposer) {
		h.next(u).want(t, "Vote rule-1")
	}
	h.tdAsk(against, "command: vote rule-1 no").want(t, "is counted")
	h.tdResign(leaver)
	for _, o := range append(tdOthers(leaver), "gm") {
		h.next(o).want(t, string(leaver)+" resigned")
	}
	for _, u := range tdOthers(leaver) {
		h.next(u).want(t, "Vote rule-1: no", "No answer can reach the 3 votes it needs any more", "is not adopted")
	}
	if st := h.turnStateOf("thunderdome", 1); len(st.Polls) != 0 {
		t.Errorf("polls %+v; want rule-1 closed", st.Polls)
	}
}

// tdGM sends a GM command to the Thunderdome IV campaign and returns the
// answer.
func (h *harness) tdGM(command string) *received {
	h.t.Helper()
	h.send(h.mailFrom("gm", "campaign: thunderdome\ntoken: "+h.gmToken()+"\ncommand: "+command+"\n"))
	return h.next("gm")
}

// tdPause pauses the Thunderdome IV campaign; every player is told.
func (h *harness) tdPause(t *testing.T) {
	t.Helper()
	h.tdGM("pause").want(t, "paused")
	for _, p := range tdPlayers {
		h.next(p).want(t, "The GM paused Thunderdome IV")
	}
}

// TestVotesWaitWhilePaused: while the GM has the campaign paused, a vote
// on an open appeal and a proposal are refused with the reason and what
// to do; nothing changes, however many vote, and the turn stays as it
// was. Once resumed, the same votes count.
func TestVotesWaitWhilePaused(t *testing.T) {
	skipUnderRace(t)
	h, attacker, defender, voters := tdDisputed(t)
	h.openAppeal(t, attacker, defender, voters)
	h.tdPause(t)
	before := h.turnStateOf("thunderdome", 2)
	for _, v := range voters {
		h.tdAsk(campaign.PlayerID(v), "command: vote appeal-T1-B1 "+string(attacker)).
			want(t, "Campaign thunderdome is paused, so no vote is counted", "nothing changed", "once the GM resumes the campaign")
	}
	h.tdAsk(campaign.PlayerID(voters[0]), "command: propose rule No battles in nebulae.").want(t, "is paused, so no vote is counted")
	if after := h.turnStateOf("thunderdome", 2); len(after.Polls) != 1 || len(after.Polls[0].Votes) != 0 || len(after.Battles) != len(before.Battles) {
		t.Fatalf("after votes while paused: polls %+v, battles %d; want the appeal open with no votes", after.Polls, len(after.Battles))
	}
	if c := h.tdCampaign(); c.Turn != 2 || c.Status != store.Paused {
		t.Fatalf("campaign at turn %d, %s; want turn 2, still paused", c.Turn, c.Status)
	}
	h.quiet(append(tdPlayers, "gm")...)

	h.tdGM("resume").want(t, "resumed")
	for _, p := range tdPlayers {
		h.next(p).want(t, "The GM resumed")
	}
	h.tdAsk(campaign.PlayerID(voters[0]), "command: vote appeal-T1-B1 "+string(attacker)).want(t, "is counted")
	h.tdAsk(campaign.PlayerID(voters[1]), "command: vote appeal-T1-B1 "+string(attacker)).want(t, "It settled the poll")
}

// TestResumeMovesPollDeadlines: an appeal paused past its close time is
// still open when the GM resumes the campaign, its close time moved on by
// the pause's length as the deadlines are; it does not close at once with
// its default, and the voters vote on it.
func TestResumeMovesPollDeadlines(t *testing.T) {
	skipUnderRace(t)
	h, attacker, defender, voters := tdDisputed(t)
	h.openAppeal(t, attacker, defender, voters)
	closes := h.turnStateOf("thunderdome", 2).Polls[0].Closes
	h.tdPause(t)
	paused := h.clock.Now()
	h.advanceTo(closes.Add(time.Hour))
	pause := h.clock.Now().Sub(paused)
	h.tdGM("resume").want(t, "resumed")
	for _, p := range tdPlayers {
		h.next(p).want(t, "The GM resumed")
	}
	h.quiet(append(tdPlayers, "gm")...)
	st := h.turnStateOf("thunderdome", 2)
	if len(st.Polls) != 1 || !st.Polls[0].Closes.Equal(closes.Add(pause)) {
		t.Fatalf("polls after the resume: %+v; want the appeal open, closing at %v", st.Polls, closes.Add(pause))
	}
	h.tdAsk(campaign.PlayerID(voters[0]), "command: vote appeal-T1-B1 "+string(attacker)).want(t, "is counted")
}

// TestUTD3_45_StandInDoesNotVoteOnAppeal: a player who stands in for a
// side that left (UTD3.91) and reports the battle's result is a side of
// it: when the results differ and the clock runs out, the appeal goes to
// the one player who neither fought nor stood in, not to the stand-in.
func TestUTD3_45_StandInDoesNotVoteOnAppeal(t *testing.T) {
	skipUnderRace(t)
	h, attacker, defender, _ := tdBattle(t)
	var others []campaign.PlayerID
	for _, p := range tdPlayers {
		if p != string(attacker) && p != string(defender) {
			others = append(others, campaign.PlayerID(p))
		}
	}
	voter, sub := others[0], others[1]
	h.tdResign(defender)
	for _, o := range append(tdOthers(defender), "gm") {
		h.next(o).want(t, string(defender)+" resigned")
	}
	h.tdAsk(voter, "command: propose substitute T1-B1 "+string(sub)).want(t, "put to the vote as substitute-T1-B1")
	for _, u := range []campaign.PlayerID{attacker, sub} {
		h.next(string(u)).want(t, "Vote substitute-T1-B1")
	}
	h.tdAsk(sub, "command: vote substitute-T1-B1 yes").want(t, "the outcome is yes")
	for _, u := range tdOthers(defender) {
		h.next(u).want(t, "Vote substitute-T1-B1: yes")
	}
	h.tdAsk(sub, destroyed(h, attacker)...).want(t, "result for battle T1-B1 is on file")
	h.next(string(attacker)).want(t, "confirm it?")
	h.tdAsk(attacker, destroyed(h, defender)...).want(t, "Battle T1-B1 is disputed")
	h.advanceTo(h.tdBattleCase().ResolveBy)
	h.next(string(voter)).want(t, "Vote appeal-T1-B1: appeal of battle T1-B1", "1 voter")
	for _, u := range []campaign.PlayerID{attacker, sub} {
		h.next(string(u)).want(t, "Vote appeal-T1-B1 is open", "You do not vote on this one")
	}
	if p := h.turnStateOf("thunderdome", 2).Polls; len(p) != 1 || !slices.Equal(p[0].Voters, []campaign.PlayerID{voter}) {
		t.Fatalf("polls %+v; want the appeal with %s its only voter", p, voter)
	}
	h.tdAsk(sub, "command: vote appeal-T1-B1 "+string(defender)).want(t, "You do not vote on appeal-T1-B1")
	h.quiet(append(tdPlayers, "gm")...)
}

// TestRollbackRestartsPolls: a vote on more time for a battle is open
// when the GM processes the turn, and carried in the next turn, where
// the players grant the time. The GM rolls back to the turn the vote
// was open in, later than its close time: the vote is restored open, its
// proposer's vote kept, and runs again from now, the voters told anew;
// it does not close at once with no. Granted again, the battle does not
// get the hours twice.
func TestRollbackRestartsPolls(t *testing.T) {
	skipUnderRace(t)
	h, attacker, defender, _ := tdBattle(t)
	poll := "extend-T1-B1"
	others := tdOthers(defender)
	h.tdAsk(defender, "command: propose extend T1-B1 168h").want(t, "put to the vote as "+poll)
	for _, u := range others {
		h.next(u).want(t, "Vote "+poll)
	}
	closes := h.turnStateOf("thunderdome", 2).Polls[0].Closes
	h.tdGM("process").want(t, "Turn 2 is resolved")
	for _, u := range tdPlayers {
		h.next(u).want(t, "Turn 3")
	}
	voters := slices.DeleteFunc(slices.Clone(others), func(u string) bool { return u == string(attacker) })
	h.tdAsk(campaign.PlayerID(voters[0]), "command: vote "+poll+" yes").want(t, "is counted")
	h.tdAsk(campaign.PlayerID(voters[1]), "command: vote "+poll+" yes").want(t, "the outcome is yes")
	for _, u := range tdPlayers {
		h.next(u).want(t, "Vote "+poll+": yes", "Battle T1-B1 has 168 more hours")
	}
	granted := h.tdBattleCase()
	h.advanceTo(closes.Add(time.Hour))
	h.tdGM("rollback 2").want(t, "back at the start of turn 2")
	for _, u := range tdPlayers {
		if u == string(defender) {
			h.next(u).want(t, "Turn 2 will be played again")
			continue
		}
		got := h.nextBySubject(u, "Vote "+poll, "Turn 2")
		got["Vote "+poll].want(t, string(defender)+" asks 168 more hours for battle T1-B1")
	}
	h.quiet(append(tdPlayers, "gm")...)
	st := h.turnStateOf("thunderdome", 2)
	if len(st.Polls) != 1 || len(st.Polls[0].Votes) != 1 || !st.Polls[0].Closes.After(h.clock.Now()) {
		t.Fatalf("polls after the rollback: %+v; want %s open, with %s's vote, closing after now", st.Polls, poll, defender)
	}
	h.tdAsk(campaign.PlayerID(voters[0]), "command: vote "+poll+" yes").want(t, "is counted")
	h.tdAsk(campaign.PlayerID(voters[1]), "command: vote "+poll+" yes").want(t, "the outcome is yes")
	for _, u := range tdPlayers {
		h.next(u).want(t, "Vote "+poll+": yes", "settle it by "+utc(granted.ResolveBy))
	}
	if bc := h.tdBattleCase(); !bc.ResolveBy.Equal(granted.ResolveBy) || !bc.ContactBy.Equal(granted.ContactBy) {
		t.Errorf("battle clocks after the second yes: contact %v, resolve %v; want them as the first yes left them, %v and %v",
			bc.ContactBy, bc.ResolveBy, granted.ContactBy, granted.ResolveBy)
	}
	h.quiet(append(tdPlayers, "gm")...)
}

// brokenCall is volunteers whose call runs an hour from the mail that
// opens it, and whose outcome cannot be applied in campaign coreward.
type brokenCall struct{ volunteers }

func (b brokenCall) Resolve(t game.Turn) *game.Result {
	res := b.volunteers.Resolve(t)
	for i := range res.Next.Polls {
		res.Next.Polls[i].Closes, res.Next.Polls[i].Lasts = time.Time{}, time.Hour
	}
	return res
}

func (b brokenCall) Decide(st *campaign.State, p campaign.Poll, outcome string) ([]game.Event, error) {
	if st.Campaign == "coreward" {
		return nil, fmt.Errorf("the pirates left Mistral")
	}
	return b.volunteers.Decide(st, p, outcome)
}

// TestFailingPollDoesNotStopOthers: a poll whose outcome cannot be
// applied at its close, in coreward, which the scheduler tends before
// frontier, is closed with nothing applied and its GM told once; the same
// poll in frontier closes with its default and its players are told, and
// both campaigns' turns still resolve at their deadline.
func TestFailingPollDoesNotStopOthers(t *testing.T) {
	skipUnderRace(t)
	h := newHarnessWith(t, game.NewRegistry(brokenCall{}))
	h.copyFrontier("coreward")
	h.drain(append(players, "gm")...)
	deadline := h.campaign().Deadline()
	h.advanceTo(deadline)
	h.awaitTurns(map[campaign.ID]int{"frontier": 2, "coreward": 2})
	h.drain(append(players, "gm")...)

	h.advanceTo(deadline.Add(time.Hour))
	h.next("gm").want(t, "[coreward] Vote call-1 could not be applied", "the pirates left Mistral", "decide it yourself")
	for _, p := range players {
		h.next(p).want(t, "[frontier] Vote call-1: none", "nobody fights the pirates at Mistral.")
	}
	for _, id := range []campaign.ID{"frontier", "coreward"} {
		if st := h.turnStateOf(id, 2); len(st.Polls) != 0 {
			t.Errorf("%s's polls after the close: %+v; want none", id, st.Polls)
		}
	}
	h.quiet(append(players, "gm")...)
	var next time.Time
	h.db.View(func(tx *store.Tx) error {
		c, err := tx.Campaign("coreward")
		next = c.Deadline()
		return err
	})
	h.advanceTo(next)
	h.awaitTurns(map[campaign.ID]int{"frontier": 3, "coreward": 3})
	msgs, err := h.world.Mailbox(h.ctx, "gm", password, "INBOX")
	if err != nil {
		t.Fatal(err)
	}
	told := 0
	for _, m := range msgs {
		told += strings.Count(string(m), "could not be applied")
	}
	if told != 1 {
		t.Errorf("the GM was told %d times that call-1 could not be applied; want once", told)
	}
}

// TestUTD1_7_OneRuleProposalAtATime: a player whose rule proposal is
// still open may not propose another: it is refused with the reason, and
// no poll opens; another player may, and once the first closes its
// proposer may again.
func TestUTD1_7_OneRuleProposalAtATime(t *testing.T) {
	skipUnderRace(t)
	h := newThunderdomeHarness(t)
	p, q := campaign.PlayerID(tdPlayers[1]), campaign.PlayerID(tdPlayers[2])
	h.tdAsk(p, "command: propose rule No battles in nebulae.").want(t, "put to the vote as rule-1")
	for _, u := range tdOthers(p) {
		h.next(u).want(t, "Vote rule-1")
	}
	h.tdAsk(p, "command: propose rule No retreats.").want(t, "Your rule proposal rule-1 is still open", "nothing was proposed")
	if st := h.turnStateOf("thunderdome", 1); len(st.Polls) != 1 {
		t.Fatalf("polls %+v; want rule-1 alone", st.Polls)
	}
	h.tdAsk(q, "command: propose rule No retreats.").want(t, "put to the vote as rule-2")
	for _, u := range tdOthers(q) {
		h.next(u).want(t, "Vote rule-2")
	}
	for _, u := range tdOthers(p)[1:] {
		h.tdAsk(campaign.PlayerID(u), "command: vote rule-1 no")
	}
	for _, u := range tdPlayers {
		h.next(u).want(t, "Vote rule-1: no")
	}
	h.tdAsk(p, "command: propose rule No retreats into nebulae.").want(t, "put to the vote as rule-3")
}

// TestUTD3_32_ExtensionVoteLapsesWithTurn: a player asks for more time
// by vote, then sends final orders before anyone votes: the turn resolves
// at once, and the vote closes with it, lapsed: every player is told, it
// is no longer open in the next turn, and a vote on it is refused.
func TestUTD3_32_ExtensionVoteLapsesWithTurn(t *testing.T) {
	skipUnderRace(t)
	h := newThunderdomeHarness(t)
	p, _ := h.tdCurrent()
	poll := "extension-" + string(p) + "-1"
	h.askIn("thunderdome", string(p), `extension: {hours: 48, reason: "exams"}`).want(t, "put to the other players' vote as "+poll)
	for _, o := range tdOthers(p) {
		h.next(o).want(t, "Vote "+poll)
	}
	h.send(h.mailFrom(string(p), h.tdOrders(p, 1, true)))
	h.next(string(p)).want(t, "passes now")
	for _, u := range tdPlayers {
		got := h.nextBySubject(u, "Vote "+poll+": lapsed", "Turn 2")
		got["Vote "+poll+": lapsed"].want(t, string(p)+"'s turn was over before the vote closed, so the extension lapsed")
	}
	if st := h.turnStateOf("thunderdome", 2); len(st.Polls) != 0 {
		t.Errorf("turn 2's polls: %+v; want none", st.Polls)
	}
	h.tdAsk(campaign.PlayerID(tdOthers(p)[0]), "command: vote "+poll+" yes").want(t, "Poll "+poll+" is closed, with the outcome lapsed")
	h.quiet(append(tdPlayers, "gm")...)
}

// TestUTD3_44_BattleTimeAfterSettled: the sides settle their battle while
// the vote on more time for it is open; when the vote then closes with
// yes, everyone is told the battle was settled and nothing changed, not
// that it has more hours.
func TestUTD3_44_BattleTimeAfterSettled(t *testing.T) {
	skipUnderRace(t)
	h, attacker, defender, _ := tdBattle(t)
	poll := "extend-T1-B1"
	h.tdAsk(defender, "command: propose extend T1-B1 168h").want(t, "put to the vote as "+poll)
	for _, u := range tdOthers(defender) {
		h.next(u).want(t, "Vote "+poll)
	}
	h.tdAsk(attacker, destroyed(h, defender)...).want(t, "result for battle T1-B1 is on file")
	h.next(string(defender)).want(t, "confirm it?")
	h.tdAsk(defender, "battle: T1-B1", "confirm: true").want(t, "Battle T1-B1 is settled")
	h.drain(append(tdPlayers, "gm")...)
	var others []string
	for _, p := range tdPlayers {
		if p != string(attacker) && p != string(defender) {
			others = append(others, p)
		}
	}
	h.tdAsk(campaign.PlayerID(others[0]), "command: vote "+poll+" yes")
	h.tdAsk(campaign.PlayerID(others[1]), "command: vote "+poll+" yes").want(t, "the outcome is yes")
	for _, u := range tdPlayers {
		m := h.next(u)
		m.want(t, "Vote "+poll+": yes", "Battle T1-B1 was settled before the vote closed")
		m.wantNot(t, "has 168 more hours", "settle it by")
	}
}

// unanimous is Empires at War under a house rule that puts decisions to
// the players' vote, every one of them to agree (game.Voting).
type unanimous struct{ eaw.Ruleset }

func (unanimous) VoteRule() string    { return "house rule: all agree" }
func (unanimous) Need(voters int) int { return voters }

// TestVotesNeededAreTheRulesets: the votes a proposal needs are the
// ruleset's to say (game.Voting): under unanimous, all 4 players of
// frontier; Empires at War, which has no voting rule, needs a simple
// majority where its scenario has decisions: votes, 3 of 4.
func TestVotesNeededAreTheRulesets(t *testing.T) {
	skipUnderRace(t)
	for _, tc := range []struct {
		name  string
		rules *game.Registry
		need  string
	}{
		{"unanimous", game.NewRegistry(unanimous{}), "4 votes carry it"},
		{"eaw", rules.Registry(), "3 votes carry it"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			h := newHarnessWith(t, tc.rules)
			h.setDecisions("frontier", campaign.DecideVotes)
			h.drain(append(players, "gm")...)
			h.ask("vorn", "command: propose rule No battles in nebulae.").want(t, "put to the vote as rule-1", tc.need)
			if p := h.turnStateOf("frontier", 1).Polls; len(p) != 1 || fmt.Sprintf("%d votes carry it", p[0].Need) != tc.need {
				t.Errorf("polls %+v; want rule-1, %s", p, tc.need)
			}
		})
	}
}
