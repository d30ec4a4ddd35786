package workflow

import (
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/pbemd/pbemd/campaign"
	"github.com/pbemd/pbemd/game"
	"github.com/pbemd/pbemd/report"
	"github.com/pbemd/pbemd/store"
)

// Proposals are the polls the moderator opens and decides itself: a
// player's proposal (a rule, a substitute, more time for a battle), an
// extension put to the vote, and the appeal of a battle whose time ran
// out. polls.go runs every poll: ballots, votes and closes.

// moderatorPolls decides the outcome of each kind of poll the moderator
// opens; the ruleset decides the others (decideByRuleset).
var moderatorPolls = map[string]func(*Moderation, pollClose) (pollEffect, error){
	pollAppeal:     (*Moderation).decideAppeal,
	pollExtension:  (*Moderation).decideExtensionVote,
	pollRule:       (*Moderation).decideRule,
	pollSubstitute: (*Moderation).decideSubstitute,
	pollBattleTime: (*Moderation).decideBattleTime,
}

// pollRemoved returns the step that takes q's poll off the open turn's
// state, noting its close in the turn's record.
func pollRemoved(q pollClose) func(tx *store.Tx) error {
	return editState(q.c.ID, q.c.Turn, q.closed, func(st *campaign.State) { removePoll(st, q.p.ID) })
}

// decideAppeal settles an appeal's battle with the result the vote chose,
// as a GM's decision would, or, if it chose none, has pbemd fight it.
func (m *Moderation) decideAppeal(q pollClose) (pollEffect, error) {
	c, p, d, outcome := q.c, q.p, q.d, q.outcome
	var cases []*store.BattleCase
	if err := m.db.View(func(tx *store.Tx) (err error) { cases, err = tx.Battles(c.ID); return err }); err != nil {
		return pollEffect{}, err
	}
	i := slices.IndexFunc(cases, func(b *store.BattleCase) bool { return b.ID == d.Battle })
	if i < 0 || cases[i].Status == store.BattleFinal {
		return pollEffect{apply: editState(c.ID, c.Turn, "poll "+p.ID+" closed: its battle was settled", func(st *campaign.State) { removePoll(st, p.ID) })}, nil
	}
	bc := *cases[i]
	bc.Status = store.BattleFinal
	j := slices.IndexFunc(bc.Results, func(r store.ReportedResult) bool { return string(r.By) == outcome })
	var settle settleFunc
	var effect report.Text
	if j < 0 {
		bc.Settled = report.Say(report.AppealFought{Battle: bc.ID})
		effect = report.AppealFought{Battle: bc.ID}
		settle = fightPending(bc.ID)
	} else {
		bc.Settled = report.Say(report.AppealSettled{Battle: bc.ID, By: bc.Results[j].By})
		effect = report.AppealSettled{Battle: bc.ID, By: bc.Results[j].By}
		result, how := bc.Results[j].Result, bc.Settled
		settle = func(rb game.ReportedBattles, st *campaign.State) ([]game.Event, []game.BattleLog, error) {
			events, err := rb.ApplyResult(st, bc.ID, result, how)
			return events, nil, err
		}
	}
	mails, apply, err := m.settlement(c, &bc, q.base, func(rb game.ReportedBattles, st *campaign.State) ([]game.Event, []game.BattleLog, error) {
		removePoll(st, p.ID)
		return settle(rb, st)
	})
	return pollEffect{apply: apply, mails: mails, effect: func(*store.Seat) report.Text { return effect }}, err
}

// decideExtensionVote grants or refuses the extension a poll asked for,
// and returns the campaign's record after. An extension whose turn is
// over lapses.
func (m *Moderation) decideExtensionVote(q pollClose) (pollEffect, error) {
	c0, d, outcome := q.c, q.d, q.outcome
	var exts []*store.Extension
	if err := m.db.View(func(tx *store.Tx) (err error) { exts, err = tx.Extensions(c0.ID); return err }); err != nil {
		return pollEffect{}, err
	}
	i := slices.IndexFunc(exts, func(e *store.Extension) bool {
		return e.Player == d.Player && e.Turn == d.Turn && e.Status == store.ExtensionPending
	})
	seat := c0.Seat(d.Player)
	if i < 0 || d.Turn != c0.Turn || seat == nil || !seat.Due() {
		voted := report.ExtensionVoted{Player: d.Player, Hours: d.Hours, Lapsed: true}
		return pollEffect{apply: pollRemoved(q), effect: func(*store.Seat) report.Text { return voted }}, nil
	}
	now := m.clock.Now().UTC()
	c, e := c0.Clone(), *exts[i]
	e.Decided, e.Status, e.Note = now, store.ExtensionDenied, "decided by vote"
	action := fmt.Sprintf("extension refused by vote: %s", e.Player)
	if outcome == "yes" {
		e.Status, e.Granted = store.ExtensionApproved, e.Hours
		c.MoveDeadlines(time.Duration(e.Hours) * time.Hour)
		MarkReminded(c, now)
		action = fmt.Sprintf("extension granted by vote: %s +%dh", e.Player, e.Hours)
	}
	apply := Steps(putCampaign(c, c.Turn, store.AuditEntry{At: now, Who: "pbemd", Action: action}),
		func(tx *store.Tx) error { return tx.PutExtension(c.ID, &e) }, pollRemoved(q))
	return pollEffect{apply: apply, c: c, effect: func(s *store.Seat) report.Text {
		return report.ExtensionVoted{Player: e.Player, Hours: e.Hours, Granted: outcome == "yes", Deadline: deadlineFor(c, s)}
	}}, nil
}

// decideRule announces whether a proposed rule is adopted, and keeps an
// adopted rule in the campaign's log.
func (m *Moderation) decideRule(q pollClose) (pollEffect, error) {
	d, adopted := q.d, q.outcome == "yes"
	apply := pollRemoved(q)
	if adopted {
		apply = Steps(apply, func(tx *store.Tx) error {
			return WriteAudit(tx, q.c.ID, store.AuditEntry{At: m.clock.Now().UTC(), Who: string(d.Player), Action: "rule adopted", Detail: d.Rule})
		})
	}
	return pollEffect{apply: apply, effect: func(*store.Seat) report.Text { return report.RuleVoted{Rule: d.Rule, By: d.Player, Adopted: adopted} }}, nil
}

// decideSubstitute lets the substitute a poll chose finish the battle.
func (m *Moderation) decideSubstitute(q pollClose) (pollEffect, error) {
	d, granted := q.d, q.outcome == "yes"
	apply := pollRemoved(q)
	if granted {
		apply = Steps(apply, standIn(q.c.ID, q.p.ID, d))
	}
	return pollEffect{apply: apply, effect: func(*store.Seat) report.Text {
		return report.SubstituteVoted{Battle: d.Battle, For: d.For, By: d.Player, Granted: granted}
	}}, nil
}

// decideBattleTime gives a battle the hours a poll granted, and tells
// everyone when it must be settled by, or that it was settled already.
func (m *Moderation) decideBattleTime(q pollClose) (pollEffect, error) {
	d, granted := q.d, q.outcome == "yes"
	voted := report.BattleTimeVoted{Battle: d.Battle, Hours: d.Hours, Granted: granted}
	var settle time.Time
	cases, _, err := m.battleCases(q.c)
	if err != nil {
		return pollEffect{}, err
	}
	if i := slices.IndexFunc(cases, func(b *store.BattleCase) bool { return b.ID == d.Battle }); i >= 0 {
		by := cases[i].ResolveBy
		if granted && !slices.Contains(cases[i].Applied, q.p.ID) {
			by = by.Add(time.Duration(d.Hours) * time.Hour)
		}
		voted.Settled = cases[i].Status == store.BattleFinal
		settle = by
	}
	apply := pollRemoved(q)
	if granted {
		apply = Steps(apply, battleTime(q.c.ID, q.p.ID, d, m.clock.Now()))
	}
	return pollEffect{apply: apply, effect: func(s *store.Seat) report.Text {
		voted := voted
		if !settle.IsZero() {
			voted.ResolveBy = LocalTime(q.c, s, settle)
		}
		return voted
	}}, nil
}

// extensionToVote puts a player's extension request to the vote of every
// active player, the player's own vote for it counted; the poll closes at
// the player's deadline at the latest. n numbers the request in the
// campaign.
func (m *Moderation) extensionToVote(r *request, ext *store.Extension, n int) (Decision, error) {
	c := r.c
	q := report.ExtensionPoll{Player: ext.Player, Hours: ext.Hours, Turn: c.Turn, Reason: ext.Reason, Deadline: LocalTime(c, nil, r.seat.Deadline)}
	p := m.newPoll(c, fmt.Sprintf("extension-%s-%d", ext.Player, n), pollExtension, q, nil, r.seat.Deadline,
		pollData{Player: ext.Player, Turn: c.Turn, Hours: ext.Hours})
	p.Votes = []campaign.Vote{{Player: ext.Player, Option: "yes", At: ext.Requested}}
	mails, open := m.openPoll(c, p, r.In.MessageID)
	apply := Steps(func(tx *store.Tx) error { _, err := tx.AddExtension(c.ID, ext); return err }, open,
		func(tx *store.Tx) error {
			return WriteAudit(tx, c.ID, store.AuditEntry{At: ext.Requested, Who: string(ext.Player), Action: "extension asked",
				Detail: fmt.Sprintf("%d hours for turn %d, put to the vote: %s", ext.Hours, c.Turn, orNone(ext.Reason))})
		})
	answer := m.answer(r, report.ExtensionToVote{Hours: ext.Hours, Turn: c.Turn, Poll: p.ID, Need: p.Need,
		Closes: report.FormatDeadline(p.Closes, SeatLocation(c, r.seat)), Deadline: deadlineFor(c, r.seat)})
	return r.done("extension put to the vote", answer, Decision{Mails: mails, Apply: apply})
}

// proposeRule puts a rule to the vote. An adopted rule is announced and
// kept in the campaign's log. A player has one rule proposal open at a
// time.
func (m *Moderation) proposeRule(r *request, rule string) (Decision, error) {
	c, s := r.c, r.seat
	rec, err := m.openTurnRecord(c)
	if err != nil {
		return Decision{}, err
	}
	for _, p := range rec.State.Polls {
		if d, err := dataOf(p); err == nil && p.Kind == pollRule && d.Player == s.Player {
			return r.refuse(report.RuleProposalOpen{Poll: p.ID})
		}
	}
	var audit []*store.AuditEntry
	if err := m.db.View(func(tx *store.Tx) (err error) { audit, err = tx.AuditLog(c.ID); return err }); err != nil {
		return Decision{}, err
	}
	n := 1 + len(slices.DeleteFunc(audit, func(e *store.AuditEntry) bool {
		return e.Action != "poll opened" || !strings.HasPrefix(e.Detail, pollRule+"-")
	}))
	q := report.RulePoll{Player: s.Player, Rule: rule}
	return m.openProposal(r, m.newPoll(c, fmt.Sprintf("%s-%d", pollRule, n), pollRule, q, nil, m.clock.Now().Add(voteTime(c)),
		pollData{Player: s.Player, Rule: rule}))
}

// proposeSubstitute puts to the vote that player sub finish battle id in
// place of a side that left the campaign.
func (m *Moderation) proposeSubstitute(r *request, id string, sub campaign.PlayerID) (Decision, error) {
	c := r.c
	cases, rec, err := m.battleCases(c)
	if err != nil {
		return Decision{}, err
	}
	i := slices.IndexFunc(cases, func(b *store.BattleCase) bool { return strings.EqualFold(b.ID, id) && b.Status != store.BattleFinal })
	if i < 0 {
		return r.refuse(report.NoSubstitute{Battle: id, NoBattle: true})
	}
	bc := cases[i]
	var left campaign.PlayerID
	for _, p := range bc.Sides {
		if s := c.Seat(p); (s == nil || !s.Active()) && bc.Voice(p) == p {
			left = p
		}
	}
	poll := pollSubstitute + "-" + bc.ID
	s := c.Seat(sub)
	switch {
	case left == "" || underAppeal(bc, rec.State):
		return r.refuse(report.NoSubstitute{Battle: bc.ID, NobodyLeft: left == "", Appeal: bc.Appeal})
	case s == nil || !s.Active() || slices.Contains(bc.Sides, sub):
		return r.refuse(report.NoSubstitute{Battle: bc.ID, Player: sub, NotFree: true})
	case slices.ContainsFunc(rec.State.Polls, func(p campaign.Poll) bool { return p.ID == poll }):
		return r.refuse(report.NoSubstitute{Battle: bc.ID, Open: poll})
	}
	q := report.SubstitutePoll{Battle: bc.ID, For: left, By: sub, Proposer: r.seat.Player}
	return m.openProposal(r, m.newPoll(c, poll, pollSubstitute, q, nil, m.clock.Now().Add(voteTime(c)),
		pollData{Battle: bc.ID, Player: sub, For: left}))
}

// proposeBattleTime puts to the vote that the clocks of battle id, one
// of the proposer's, run hours longer. The vote closes before the battle's
// time to settle runs out.
func (m *Moderation) proposeBattleTime(r *request, id string, hours int) (Decision, error) {
	c, me := r.c, r.seat.Player
	cases, rec, err := m.battleCases(c)
	if err != nil {
		return Decision{}, err
	}
	i := slices.IndexFunc(cases, func(b *store.BattleCase) bool { return strings.EqualFold(b.ID, id) && b.Status != store.BattleFinal })
	if i < 0 {
		var open []string
		for _, b := range cases {
			if b.Status != store.BattleFinal && b.Side(me) != "" {
				open = append(open, b.ID)
			}
		}
		return r.refuse(report.NoSuchBattle{Battle: id, Open: open})
	}
	bc := cases[i]
	poll := pollBattleTime + "-" + bc.ID
	switch {
	case bc.Side(me) == "":
		return r.refuse(report.NotYourBattle{Battle: bc.ID, Sides: joinPlayers(bc.Sides)})
	case underAppeal(bc, rec.State):
		return r.refuse(report.BattleUnderAppeal{Battle: bc.ID, Poll: bc.Appeal})
	case slices.ContainsFunc(rec.State.Polls, func(p campaign.Poll) bool { return p.ID == poll }):
		return r.refuse(report.PollAlreadyOpen{Poll: poll})
	}
	q := report.BattleTimePoll{Battle: bc.ID, Player: me, Hours: hours, ResolveBy: LocalTime(c, nil, bc.ResolveBy)}
	closes := m.clock.Now().Add(voteTime(c))
	if bc.ResolveBy.Before(closes) {
		closes = bc.ResolveBy
	}
	return m.openProposal(r, m.newPoll(c, poll, pollBattleTime, q, nil, closes, pollData{Battle: bc.ID, Player: me, Hours: hours}))
}

// battleTime returns the step that moves the clocks of battle d.Battle
// that have not run out on by d.Hours, as poll decided, if the battle is
// still open and the poll has not done so before.
func battleTime(id campaign.ID, poll string, d pollData, now time.Time) func(tx *store.Tx) error {
	return editBattle(id, d.Battle, poll, func(bc *store.BattleCase) {
		moveClocks(bc, clocksOn(bc, now), time.Duration(d.Hours)*time.Hour)
	})
}

// openProposal opens poll p, proposed by the request's player, whose own
// vote for it is counted.
func (m *Moderation) openProposal(r *request, p campaign.Poll) (Decision, error) {
	p.Votes = []campaign.Vote{{Player: r.seat.Player, Option: "yes", At: m.clock.Now().UTC()}}
	mails, apply := m.openPoll(r.c, p, r.In.MessageID)
	answer := m.answer(r, report.ProposalOpened{Poll: p.ID, Need: p.Need, Closes: report.FormatDeadline(p.Closes, SeatLocation(r.c, r.seat))})
	return r.done("proposal", answer, Decision{Mails: mails, Apply: apply})
}

// appeal puts a battle whose time to settle ran out to the vote of the
// players who did not fight it nor stand in for a side: which side's result stands, or none,
// when pbemd fights it. It returns false when nobody is left to vote, or
// no result was sent to choose from.
func (m *Moderation) appeal(c *store.Campaign, bc *store.BattleCase, base string) ([]Outgoing, func(tx *store.Tx) error, bool) {
	// A player standing in for a side that left reports for it: a side
	// too, who votes no more than the sides do.
	fought := slices.Clone(bc.Sides)
	for _, si := range bc.StandIns {
		fought = append(fought, si.By)
	}
	var others int
	for _, s := range c.ActiveSeats() {
		if !slices.Contains(fought, s.Player) {
			others++
		}
	}
	if others == 0 || len(bc.Results) == 0 {
		return nil, nil, false
	}
	q := report.AppealPoll{Battle: bc.ID, Turn: bc.Turn, Sides: joinPlayers(bc.Sides)}
	var options []string
	for _, r := range bc.Results {
		q.Results = append(q.Results, report.SentResult{By: r.By, Result: r.Result})
		options = append(options, string(r.By))
	}
	p := m.newPoll(c, pollAppeal+"-"+bc.ID, pollAppeal, q, fought, m.clock.Now().Add(voteTime(c)), pollData{Battle: bc.ID})
	p.Options, p.Default = append(options, noResult), noResult
	bc.Appeal = p.ID
	mails, open := m.openPoll(c, p, base)
	return mails, Steps(func(tx *store.Tx) error { return tx.PutBattle(c.ID, bc) }, open), true
}

// standIn returns the step that lets d.Player finish battle d.Battle in
// place of d.For, as poll decided, if the battle is still open and the
// poll has not done so before.
func standIn(id campaign.ID, poll string, d pollData) func(tx *store.Tx) error {
	return editBattle(id, d.Battle, poll, func(bc *store.BattleCase) {
		bc.StandIns = append(bc.StandIns, store.StandIn{For: d.For, By: d.Player})
	})
}

// editBattle returns the step that applies the outcome of poll to battle
// case battle with edit, if the battle is still open, and notes on the
// case that the poll did: a poll a rollback restores, decided again,
// changes nothing more.
func editBattle(id campaign.ID, battle, poll string, edit func(bc *store.BattleCase)) func(tx *store.Tx) error {
	return func(tx *store.Tx) error {
		cases, err := tx.Battles(id)
		if err != nil {
			return err
		}
		i := slices.IndexFunc(cases, func(bc *store.BattleCase) bool { return bc.ID == battle && bc.Status != store.BattleFinal })
		if i < 0 || slices.Contains(cases[i].Applied, poll) {
			return nil
		}
		edit(cases[i])
		cases[i].Applied = append(cases[i].Applied, poll)
		return tx.PutBattle(id, cases[i])
	}
}

// battleCases reads a campaign's battle cases and its open turn's record.
func (m *Moderation) battleCases(c *store.Campaign) ([]*store.BattleCase, *store.TurnRecord, error) {
	var (
		cases []*store.BattleCase
		rec   *store.TurnRecord
	)
	err := m.db.View(func(tx *store.Tx) (err error) {
		if cases, err = tx.Battles(c.ID); err != nil {
			return err
		}
		rec, err = tx.Turn(c.ID, c.Turn)
		return err
	})
	return cases, rec, err
}

// underAppeal reports whether the players vote on a battle's result: its
// appeal is open in st, the open turn's state. A rollback to a turn
// before the appeal opened leaves the battle's record naming a poll st
// does not hold; the battle is then as before its appeal.
func underAppeal(bc *store.BattleCase, st *campaign.State) bool {
	return bc.Appeal != "" && slices.ContainsFunc(st.Polls, func(p campaign.Poll) bool { return p.ID == bc.Appeal })
}
