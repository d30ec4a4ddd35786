package workflow

import (
	"fmt"
	"slices"
	"strings"

	"github.com/pbemd/pbemd/campaign"
	"github.com/pbemd/pbemd/report"
)

// castVote carries out a player's "vote <poll> <answer>". A vote from a
// player who is not a voter, a second vote, a vote for an answer the
// poll does not offer, a vote on a poll that is closed and a vote while
// the campaign is paused, held or ended are refused with the reason, and
// change nothing.
func (m *Moderation) castVote(r *request) (Decision, error) {
	c, s := r.c, r.seat
	args := strings.Fields(r.Sub.Command.Args)
	if len(args) != 2 {
		return r.refuse(report.VoteUsage{Given: r.Sub.Command.Args})
	}
	if stopped := votingStopped(c); stopped != nil {
		return r.refuse(stopped)
	}
	rec, err := m.openTurnRecord(c)
	if err != nil {
		return Decision{}, err
	}
	i := slices.IndexFunc(rec.State.Polls, func(p campaign.Poll) bool { return strings.EqualFold(p.ID, args[0]) })
	if i < 0 {
		why, err := m.noPoll(c, rec.State.Polls, s.Player, args[0])
		if err != nil {
			return Decision{}, err
		}
		return r.refuse(why)
	}
	p := rec.State.Polls[i]
	p.Votes = slices.Clone(p.Votes)
	now := m.clock.Now().UTC()
	k := slices.IndexFunc(p.Options, func(o string) bool { return strings.EqualFold(o, args[1]) })
	switch {
	case !slices.Contains(p.Voters, s.Player):
		return r.refuse(report.NotAVoter{Poll: p.ID, VoterNames: joinPlayers(p.Voters)})
	case votedOn(p, s.Player):
		return r.refuse(report.AlreadyVoted{Poll: p.ID, Option: p.Votes[slices.IndexFunc(p.Votes, func(v campaign.Vote) bool { return v.Player == s.Player })].Option})
	case !now.Before(p.Closes):
		return r.refuse(report.PollClosed{Poll: p.ID, Outcome: p.Default})
	case k < 0:
		return r.refuse(report.NotAnOption{Poll: p.ID, Given: args[1], Options: p.Options})
	}
	p.Votes = append(p.Votes, campaign.Vote{Player: s.Player, Option: p.Options[k], At: now})
	counted := report.VoteCounted{Poll: p.ID, Option: p.Options[k], For: votesFor(p)[p.Options[k]], Need: p.Need,
		Closes: report.FormatDeadline(p.Closes, SeatLocation(c, s))}
	if outcome, ok := PollOutcome(c, p); ok {
		mails, apply, err := m.ClosePoll(c, p, outcome, false, r.In.MessageID)
		if err != nil {
			return Decision{}, err
		}
		counted.Decided, counted.Outcome = true, outcome
		return r.done("vote", m.answer(r, counted), Decision{Mails: mails, Apply: apply})
	}
	apply := editState(c.ID, c.Turn, fmt.Sprintf("%s voted on %s", s.Player, p.ID), func(st *campaign.State) { replacePoll(st, p) })
	return r.done("vote", m.answer(r, counted), Decision{Apply: apply})
}
