package game

import "github.com/pbemd/pbemd/campaign"

// Polls is a Ruleset that puts questions to its players by mail
// (campaign.Poll): votes in place of a GM, calls for a volunteer. The
// ruleset opens a poll by adding it to a state it returns; the moderator
// mails it, takes the votes, closes it, tells everyone the outcome and
// calls Decide in the same transaction. The moderator opens polls of its
// own, of the kinds "appeal", "extension", "rule", "substitute" and
// "extend", and decides them itself: a ruleset's polls have other kinds.
type Polls interface {
	Ruleset
	// Decide applies a closed poll's outcome, one of its Options or its
	// Default, to st, the open turn's state, in place, and returns the
	// events that tell of it. The moderator has already removed the poll
	// from st.Polls.
	Decide(st *campaign.State, p campaign.Poll, outcome string) ([]Event, error)
}

// Voting is a Ruleset whose rules have the players decide by vote what a
// GM would otherwise decide: an extension beyond the one granted at once,
// the appeal of a battle its sides did not settle in time, a rule change.
// A campaign of it decides by vote unless its scenario says
// moderation: {decisions: gm}.
type Voting interface {
	Ruleset
	// VoteRule cites the rule votes follow, for the ballots: who must
	// agree.
	VoteRule() string
	// Need is how many of voters must agree to carry a vote the
	// moderator opens: a proposal, an appeal, an extension. A ruleset
	// that is not Voting, whose campaign decides by vote all the same
	// (moderation: {decisions: votes}), has a simple majority: more than
	// half of the voters.
	Need(voters int) int
}
