package workflow

import (
	"cmp"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/pbemd/pbemd/campaign"
	"github.com/pbemd/pbemd/game"
	"github.com/pbemd/pbemd/report"
	"github.com/pbemd/pbemd/store"
)

// Polls put a question to players by mail (campaign.Poll). They live in
// the open turn's state: the ruleset opens some in a state it returns,
// the moderator others (an appeal, an extension, a rule change). Either
// way the mails that announce a poll are queued in the transaction that
// stores it: a voter gets a ballot, the other players a notice. A vote is
// a player's command, "vote <poll> <answer>"; the poll closes as soon as
// its outcome is certain, or at its Closes (the scheduler), and its
// outcome is applied, and told to everyone, in the transaction that
// removes it.

// The kinds of poll the moderator opens, and decides itself; it has the
// ruleset decide the others (game.Polls), whose kinds must differ.
const (
	pollAppeal     = "appeal"
	pollExtension  = "extension"
	pollRule       = "rule"
	pollSubstitute = "substitute"
	pollBattleTime = "extend"
)

// pollData is what a poll the moderator opens keeps of what its outcome
// changes (campaign.Poll.Data).
type pollData struct {
	// Battle is the battle appealed, given time, or to finish.
	Battle string `json:"battle,omitempty"`
	// Player asked for the extension or the battle's time, proposed the
	// rule, or would stand in for For.
	Player campaign.PlayerID `json:"player,omitempty"`
	// Turn is the extension's; Hours the extension's or the battle's.
	Turn  int `json:"turn,omitempty"`
	Hours int `json:"hours,omitempty"`
	// Rule is a proposed rule's text.
	Rule string `json:"rule,omitempty"`
	// For is the side of Battle that left the campaign, for whom Player
	// would stand in.
	For campaign.PlayerID `json:"for,omitempty"`
}

// noResult is the answer of an appeal that chooses none of the results.
const noResult = "none"

// decidesByVote reports whether a campaign puts decisions to the
// players' vote rather than the GM's (Moderation.Decisions): as its
// scenario says, or else as its ruleset does.
func (m *Moderation) decidesByVote(c *store.Campaign) bool {
	switch c.Moderation.Decisions {
	case campaign.DecideVotes:
		return true
	case campaign.DecideGM:
		return false
	}
	rs, err := m.Ruleset(c)
	_, voting := rs.(game.Voting)
	return err == nil && voting
}

// voteRule cites the rule a campaign's votes follow, or "" under a house
// rule.
func (m *Moderation) voteRule(c *store.Campaign) string {
	if rs, err := m.Ruleset(c); err == nil {
		if v, ok := rs.(game.Voting); ok {
			return v.VoteRule()
		}
	}
	return ""
}

// votesNeeded is how many of voters must agree to carry a vote the
// moderator opens in campaign c: as its ruleset's rules say
// (game.Voting), or else a simple majority, more than half of them.
func (m *Moderation) votesNeeded(c *store.Campaign, voters int) int {
	if rs, err := m.Ruleset(c); err == nil {
		if v, ok := rs.(game.Voting); ok {
			return v.Need(voters)
		}
	}
	return voters/2 + 1
}

// voteTime is how long a poll the moderator opens runs at most.
func voteTime(c *store.Campaign) time.Duration {
	return cmp.Or(c.Moderation.VoteTime, campaign.DefaultModeration().VoteTime)
}

// newPoll is a poll the moderator opens in the open turn of c, on what q
// asks, for its active players but skip, with data d: yes or no, no
// unless as many say yes as the campaign's votes need (votesNeeded).
func (m *Moderation) newPoll(c *store.Campaign, id, kind string, q report.Text, skip []campaign.PlayerID, closes time.Time, d pollData) campaign.Poll {
	var voters []campaign.PlayerID
	for _, s := range c.ActiveSeats() {
		if !slices.Contains(skip, s.Player) {
			voters = append(voters, s.Player)
		}
	}
	data, _ := json.Marshal(d) // plain fields: cannot fail
	subject, text := report.Mail(q)
	return campaign.Poll{ID: id, Kind: kind, Subject: subject, Text: text, Voters: voters, Options: []string{"yes", "no"},
		Need: m.votesNeeded(c, len(voters)), Default: "no", Opened: c.Turn, Closes: closes.UTC(), Data: data}
}

// dataOf reads a poll's data as the moderator wrote it.
func dataOf(p campaign.Poll) (pollData, error) {
	var d pollData
	if len(p.Data) == 0 {
		return d, nil
	}
	if err := json.Unmarshal(p.Data, &d); err != nil {
		return d, fmt.Errorf("poll %s: read its data: %w", p.ID, err)
	}
	return d, nil
}

// openPoll returns the step that adds poll p to the open turn's state,
// and the mails that announce it.
func (m *Moderation) openPoll(c *store.Campaign, p campaign.Poll, base string) ([]Outgoing, func(tx *store.Tx) error) {
	apply := Steps(editState(c.ID, c.Turn, "poll "+p.ID+" opened", func(st *campaign.State) { st.Polls = append(st.Polls, p) }),
		func(tx *store.Tx) error {
			return WriteAudit(tx, c.ID, store.AuditEntry{At: m.clock.Now().UTC(), Who: "pbemd", Action: "poll opened", Detail: p.ID + ": " + p.Subject})
		})
	return m.announcePolls(c, []campaign.Poll{p}, base), apply
}

// announcePolls writes a ballot to every active voter of each poll who
// has not voted (a proposer has), and tells the other active players it
// is open, each with its deadline in their own time zone.
func (m *Moderation) announcePolls(c *store.Campaign, polls []campaign.Poll, base string) []Outgoing {
	rule := m.voteRule(c)
	var out []Outgoing
	for _, p := range polls {
		names := joinPlayers(p.Voters)
		voted := map[string]bool{}
		for _, v := range p.Votes {
			if s := c.Seat(v.Player); s != nil {
				voted[s.Email] = true
			}
		}
		told := m.tellPlayers(c, base, "poll-"+p.ID, "", func(s *store.Seat) report.Text {
			closes := report.FormatDeadline(p.Closes, SeatLocation(c, s))
			if slices.Contains(p.Voters, s.Player) {
				return report.Ballot{Campaign: c.ID, Player: s.Player, Poll: p.ID, Subject: p.Subject, Text: p.Text, Options: p.Options,
					Default: p.Default, Need: p.Need, Voters: len(p.Voters), VoterNames: names, Closes: closes, Rule: rule}
			}
			return report.PollOpened{Poll: p.ID, Subject: p.Subject, Text: p.Text, VoterNames: names, Need: p.Need, Voters: len(p.Voters),
				Closes: closes, Rule: rule}
		})
		out = append(out, slices.DeleteFunc(told, func(o Outgoing) bool { return voted[o.Msg.To[0].Email] })...)
	}
	return out
}

// startPolls returns the polls of after that before does not hold: those
// a resolution or a settlement opened. A ruleset opens its polls without
// a clock (campaign.Poll.Lasts): each such poll's Closes is set, in
// after, to Lasts from now, or the campaign's vote time if it says none,
// so that its ballots show the deadline and the scheduler closes it.
func (m *Moderation) startPolls(c *store.Campaign, before, after *campaign.State) []campaign.Poll {
	now := m.clock.Now().UTC()
	var out []campaign.Poll
	for i := range after.Polls {
		p := &after.Polls[i]
		if slices.ContainsFunc(before.Polls, func(o campaign.Poll) bool { return o.ID == p.ID }) {
			continue
		}
		if p.Closes.IsZero() {
			p.Closes = now.Add(cmp.Or(p.Lasts, voteTime(c)))
		}
		out = append(out, *p)
	}
	return out
}

// startNew returns what a change of the open turn's state from before to
// after opened, for the moderator to start: the mails that announce its
// new polls (startPolls) and, where the players fight battles, those
// that send each new battle to its sides, and the step that stores the
// new battles' cases. A poll's outcome may set up a battle (game.Polls).
func (m *Moderation) startNew(c *store.Campaign, before, after *campaign.State, base string) ([]Outgoing, func(tx *store.Tx) error, error) {
	polls := m.startPolls(c, before, after)
	var fresh []campaign.Battle
	for _, b := range after.Battles {
		if !slices.ContainsFunc(before.Battles, func(o campaign.Battle) bool { return o.ID == b.ID }) {
			fresh = append(fresh, b)
		}
	}
	cases, mails, err := m.openBattles(c, after, fresh, m.clock.Now().UTC())
	if err != nil {
		return nil, nil, err
	}
	return append(mails, m.announcePolls(c, polls, base)...), func(tx *store.Tx) error {
		for _, bc := range cases {
			if err := tx.PutBattle(c.ID, bc); err != nil {
				return err
			}
		}
		return nil
	}, nil
}

// shiftPollClocks returns the step that moves the close of every open
// poll of a campaign's open turn on by the length of a pause, as its
// deadlines and battle clocks move: a poll's clock stops with the
// campaign's, and no poll closes on resume for the time it was paused.
func shiftPollClocks(id campaign.ID, turn int, paused time.Duration) func(tx *store.Tx) error {
	return func(tx *store.Tx) error {
		rec, err := tx.Turn(id, turn)
		if err != nil || len(rec.State.Polls) == 0 {
			return err
		}
		return editState(id, turn, "polls moved on by the pause", func(st *campaign.State) {
			for i := range st.Polls {
				st.Polls[i].Closes = st.Polls[i].Closes.Add(paused)
			}
		})(tx)
	}
}

// restartPolls returns the polls of a turn a rollback reopens, polls, as
// they run again: the votes cast before the turn was resolved stand, and
// each closes a full run from now (its Lasts, or the campaign's vote
// time), as if opened now; an extension's vote still closes at the
// requester's deadline and a vote on a battle's time before the battle's
// time to settle runs out, if sooner. c is the campaign as the rollback
// leaves it.
func (m *Moderation) restartPolls(c *store.Campaign, polls []campaign.Poll) ([]campaign.Poll, error) {
	if len(polls) == 0 {
		return nil, nil
	}
	var cases []*store.BattleCase
	if err := m.db.View(func(tx *store.Tx) (err error) { cases, err = tx.Battles(c.ID); return err }); err != nil {
		return nil, err
	}
	now := m.clock.Now().UTC()
	out := slices.Clone(polls)
	for i := range out {
		p := &out[i]
		d, err := dataOf(*p)
		if err != nil {
			return nil, err
		}
		var by time.Time
		switch p.Kind {
		case pollExtension:
			if s := c.Seat(d.Player); s != nil {
				by = s.Deadline
			}
		case pollBattleTime:
			if j := slices.IndexFunc(cases, func(b *store.BattleCase) bool { return b.ID == d.Battle }); j >= 0 {
				by = cases[j].ResolveBy
			}
		}
		p.Closes = now.Add(cmp.Or(p.Lasts, voteTime(c)))
		if !by.IsZero() && by.Before(p.Closes) {
			p.Closes = by.UTC()
		}
	}
	return out, nil
}

// PollsNext returns when the first of a state's polls closes; zero for
// none.
func PollsNext(st *campaign.State) time.Time {
	var next time.Time
	for _, p := range st.Polls {
		next = Earliest(next, p.Closes)
	}
	return next
}

// PollOutcome returns a poll of campaign c's outcome if it is certain:
// an option with Need votes; or, when no option other than Default can
// reach Need with the votes the voters still in may cast, Default.
func PollOutcome(c *store.Campaign, p campaign.Poll) (string, bool) {
	count := votesFor(p)
	for _, o := range p.Options {
		if count[o] >= p.Need {
			return o, true
		}
	}
	left := 0
	for _, v := range p.Voters {
		if s := c.Seat(v); s != nil && s.Active() && !votedOn(p, v) {
			left++
		}
	}
	for _, o := range p.Options {
		if o != p.Default && count[o]+left >= p.Need {
			return "", false
		}
	}
	return p.Default, true
}

// votesFor counts a poll's votes by option.
func votesFor(p campaign.Poll) map[string]int {
	count := map[string]int{}
	for _, v := range p.Votes {
		count[v.Option]++
	}
	return count
}

// tallyLines words a poll's votes: "yes: hydran, gorn".
func tallyLines(p campaign.Poll) []string {
	var out []string
	for _, o := range p.Options {
		var who []campaign.PlayerID
		for _, v := range p.Votes {
			if v.Option == o {
				who = append(who, v.Player)
			}
		}
		if len(who) > 0 {
			out = append(out, fmt.Sprintf("%s: %s", o, joinPlayers(who)))
		}
	}
	return out
}

// votingStopped says why a campaign counts no votes and opens no
// proposals now, or returns nil if it does: it is paused or ended, or its
// turn waits for the GM after an outage. Its polls' clocks stop with it
// (the GM's resume moves them on).
func votingStopped(c *store.Campaign) report.Text {
	if c.Status != store.Running || !c.HeldSince.IsZero() {
		return report.VotingStopped{Campaign: c.ID, Status: string(c.Status), Held: !c.HeldSince.IsZero(), Turn: c.Turn}
	}
	return nil
}

// noPoll says why a vote on poll, which is not open in c, is refused:
// the poll closed, with its outcome, or there is none by that name, with
// the polls player may vote on.
func (m *Moderation) noPoll(c *store.Campaign, polls []campaign.Poll, player campaign.PlayerID, poll string) (report.Text, error) {
	var audit []*store.AuditEntry
	if err := m.db.View(func(tx *store.Tx) (err error) { audit, err = tx.AuditLog(c.ID); return err }); err != nil {
		return nil, err
	}
	if outcome, ok := closedPoll(audit, poll); ok {
		return report.PollClosed{Poll: poll, Outcome: outcome}, nil
	}
	var open []string
	for _, p := range polls {
		if slices.Contains(p.Voters, player) && !votedOn(p, player) {
			open = append(open, p.ID)
		}
	}
	return report.NoSuchPoll{Poll: poll, Open: open}, nil
}

// votedOn reports whether a player has voted on a poll.
func votedOn(p campaign.Poll, player campaign.PlayerID) bool {
	return slices.ContainsFunc(p.Votes, func(v campaign.Vote) bool { return v.Player == player })
}

// replacePoll puts p in place of the poll of st by its ID.
func replacePoll(st *campaign.State, p campaign.Poll) {
	for i := range st.Polls {
		if st.Polls[i].ID == p.ID {
			st.Polls[i] = p
		}
	}
}

// removePoll takes the poll id off st.
func removePoll(st *campaign.State, id string) {
	st.Polls = slices.DeleteFunc(st.Polls, func(p campaign.Poll) bool { return p.ID == id })
}

// pollClosedAction is the audit action of a poll closed, whose detail
// reads "<poll>: <outcome>".
const pollClosedAction = "poll closed"

// closedPoll finds a closed poll's outcome in the audit log.
func closedPoll(audit []*store.AuditEntry, id string) (string, bool) {
	for _, e := range slices.Backward(audit) {
		if poll, outcome, ok := strings.Cut(e.Detail, ": "); ok && e.Action == pollClosedAction && strings.EqualFold(poll, id) {
			return outcome, true
		}
	}
	return "", false
}

// ClosePoll closes poll p, as it stands with its votes, with outcome: it
// returns the mails that tell every player the outcome and what it
// changed, and the step that removes the poll from the open turn's state
// and applies the outcome. atClose says the poll's time ran out.
func (m *Moderation) ClosePoll(c *store.Campaign, p campaign.Poll, outcome string, atClose bool, base string) ([]Outgoing, func(tx *store.Tx) error, error) {
	d, err := dataOf(p)
	if err != nil {
		return nil, nil, err
	}
	decided := report.PollDecided{Poll: p.ID, Subject: p.Subject, Outcome: outcome, Tally: tallyLines(p), Need: p.Need,
		Default: votesFor(p)[outcome] < p.Need, AtClose: atClose}
	audit := func(tx *store.Tx) error {
		return WriteAudit(tx, c.ID, store.AuditEntry{At: m.clock.Now().UTC(), Who: "pbemd", Action: pollClosedAction, Detail: p.ID + ": " + outcome})
	}
	q := pollClose{c: c, p: p, d: d, outcome: outcome, closed: fmt.Sprintf("poll %s closed: %s", p.ID, outcome), base: base}
	decide, ok := moderatorPolls[p.Kind]
	if !ok {
		decide = (*Moderation).decideByRuleset
	}
	e, err := decide(m, q)
	if err != nil {
		return nil, nil, err
	}
	if e.c != nil {
		c = e.c
	}
	told := m.tellPlayers(c, base, "closed-"+p.ID, "", func(s *store.Seat) report.Text {
		decided := decided
		if e.effect != nil {
			decided.Effect = report.Say(e.effect(s))
		}
		return decided
	})
	m.log.Info("poll closed", "campaign", c.ID, "poll", p.ID, "outcome", outcome)
	return append(told, e.mails...), Steps(e.apply, audit), nil
}

// pollClose is a poll to close with an outcome: its campaign, the poll
// and its data, the change the turn's record notes (closed) and the
// Message-ID its mails are based on.
type pollClose struct {
	c                     *store.Campaign
	p                     campaign.Poll
	d                     pollData
	outcome, closed, base string
}

// pollEffect is what a poll's outcome changes: the step that removes the
// poll from the open turn's state and applies the outcome, the mails
// that start what it opened, what each player is told it changed, and
// the campaign's record after, if it changed it.
type pollEffect struct {
	apply  func(tx *store.Tx) error
	mails  []Outgoing
	effect func(*store.Seat) report.Text
	c      *store.Campaign
}

// decideByRuleset has the ruleset apply the outcome of a poll it opened
// (game.Polls) to the open turn's state, and announces any poll that
// opens.
func (m *Moderation) decideByRuleset(q pollClose) (pollEffect, error) {
	c, p, outcome := q.c, q.p, q.outcome
	rs, err := m.Ruleset(c)
	if err != nil {
		return pollEffect{}, err
	}
	gp, ok := rs.(game.Polls)
	if !ok {
		return pollEffect{}, fmt.Errorf("campaign %s: ruleset %s opened poll %s (%s) but decides no polls", c.ID, rs.Name(), p.ID, p.Kind)
	}
	ch, err := m.changeOpenTurn(c, q.closed, q.base, func(st *campaign.State) ([]game.Event, error) {
		removePoll(st, p.ID)
		events, err := gp.Decide(st, p, outcome)
		if err != nil {
			return nil, fmt.Errorf("campaign %s: decide poll %s: %w", c.ID, p.ID, err)
		}
		return events, nil
	})
	if err != nil {
		return pollEffect{}, err
	}
	effect := func(s *store.Seat) report.Text {
		var news []string
		for _, e := range ch.events {
			if e.Concerns(s.Player) {
				news = append(news, e.Text)
			}
		}
		return report.PollEvents{News: news, Due: dueSeats(ch.opened, s)}
	}
	return pollEffect{apply: ch.apply, mails: ch.mails, effect: effect}, nil
}

// lapsePolls closes, in next, the state that resolving turn n of c
// made, the votes on an extension of turn n: the turn is over, so the
// extension lapsed. It returns the mails that tell every player, and the
// entries of the campaign's log that say each vote closed.
func (m *Moderation) lapsePolls(c *store.Campaign, n int, next *campaign.State, base string) ([]Outgoing, []store.AuditEntry, error) {
	var (
		mails []Outgoing
		audit []store.AuditEntry
	)
	now := m.clock.Now().UTC()
	for _, p := range slices.Clone(next.Polls) {
		d, err := dataOf(p)
		if err != nil {
			return nil, nil, err
		}
		if p.Kind != pollExtension || d.Turn != n {
			continue
		}
		removePoll(next, p.ID)
		decided := report.PollDecided{Poll: p.ID, Subject: p.Subject, Outcome: lapsed, Tally: tallyLines(p), Need: p.Need,
			Effect: report.Say(report.ExtensionVoted{Player: d.Player, Hours: d.Hours, Lapsed: true})}
		mails = append(mails, m.tellPlayers(c, base, "closed-"+p.ID, "", func(*store.Seat) report.Text { return decided })...)
		audit = append(audit, store.AuditEntry{At: now, Who: "pbemd", Action: pollClosedAction, Detail: p.ID + ": " + lapsed})
	}
	return mails, audit, nil
}

// lapsed is the outcome of a vote on an extension whose turn was resolved
// before the vote closed.
const lapsed = "lapsed"

// PollFailed closes a poll whose outcome could not be applied (cause) at
// its close, so that one poll does not stop the scheduler: with a
// fallback if it has one (an appeal's none, which has pbemd fight the
// battle; a ruleset's poll's Default), or else with nothing applied,
// for the GM to decide. The GM is told, once, as the poll is closed.
func (m *Moderation) PollFailed(c *store.Campaign, p campaign.Poll, outcome, base string, cause error) ([]Outgoing, func(tx *store.Tx) error, error) {
	m.log.Error("poll outcome not applied", "campaign", c.ID, "poll", p.ID, "outcome", outcome, "err", cause)
	failed := report.PollFailed{Title: c.Title, Poll: p.ID, Subject: p.Subject, Outcome: outcome, Problem: cause.Error()}
	var fallback string
	if _, ours := moderatorPolls[p.Kind]; !ours {
		fallback = p.Default
	} else if p.Kind == pollAppeal {
		fallback = noResult
	}
	var (
		mails []Outgoing
		apply func(tx *store.Tx) error
		err   error
	)
	if fallback != "" && fallback != outcome {
		if mails, apply, err = m.ClosePoll(c, p, fallback, true, base); err != nil {
			m.log.Error("poll fallback not applied", "campaign", c.ID, "poll", p.ID, "outcome", fallback, "err", err)
		} else {
			failed.Fallback = fallback
		}
	}
	if failed.Fallback == "" {
		mails, apply = nil, Steps(editState(c.ID, c.Turn, "poll "+p.ID+" closed for the GM", func(st *campaign.State) { removePoll(st, p.ID) }),
			func(tx *store.Tx) error {
				return WriteAudit(tx, c.ID, store.AuditEntry{At: m.clock.Now().UTC(), Who: "pbemd", Action: pollClosedAction,
					Detail: p.ID + ": left to the GM"})
			})
	}
	msg := m.MailText(c.ID, c.GM.Email, failed, fmt.Sprintf("failed.%s@%s", base, m.domain))
	return append(mails, Outgoing{Msg: msg, Campaign: string(c.ID), Purpose: "poll-failed"}), apply, nil
}

// openTurnRecord reads the record of a campaign's open turn, from the
// turn cache: the scheduler looks at its polls whenever it tends the
// campaign. The record is shared and must not be changed.
func (m *Moderation) openTurnRecord(c *store.Campaign) (*store.TurnRecord, error) {
	var rec *store.TurnRecord
	err := m.db.View(func(tx *store.Tx) (err error) { rec, err = m.Turns.Get(tx, c.ID, c.Turn); return err })
	return rec, err
}

// Earliest returns the earlier of two times, zero meaning never.
func Earliest(a, b time.Time) time.Time {
	if a.IsZero() || (!b.IsZero() && b.Before(a)) {
		return b
	}
	return a
}
