package workflow

import (
	"strings"

	"github.com/pbemd/pbemd/campaign"
	"github.com/pbemd/pbemd/report"
)

// propose carries out a player's proposal: "propose rule <text>",
// "propose substitute <battle> <player>" or "propose extend <battle>
// <hours>". It is put to the vote of every
// active player, the proposer's own vote for it counted, for the
// campaign's vote time.
func (m *Moderation) propose(r *request) (Decision, error) {
	c := r.c
	what, rest, _ := strings.Cut(strings.TrimSpace(r.Sub.Command.Args), " ")
	rest = strings.TrimSpace(rest)
	switch {
	case !m.decidesByVote(c):
		return r.refuse(report.NoVotes{Title: c.Title})
	case votingStopped(c) != nil:
		return r.refuse(votingStopped(c))
	case strings.EqualFold(what, pollRule) && rest != "":
		return m.proposeRule(r, rest)
	case strings.EqualFold(what, pollSubstitute) && len(strings.Fields(rest)) == 2:
		f := strings.Fields(rest)
		return m.proposeSubstitute(r, f[0], campaign.PlayerID(strings.ToLower(f[1])))
	case strings.EqualFold(what, pollBattleTime) && len(strings.Fields(rest)) == 2:
		f := strings.Fields(rest)
		if hours, err := parseHours(strings.ToLower(f[1])); err == nil {
			return m.proposeBattleTime(r, f[0], hours)
		}
	}
	return r.refuse(report.ProposeUsage{Given: r.Sub.Command.Args})
}
