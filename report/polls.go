package report

import "github.com/pbemd/pbemd/campaign"

// Polls: questions put to players by mail (campaign.Poll). A voter gets
// a ballot and votes by replying; the others hear that a poll is open;
// everyone hears the outcome.

// Ballot asks Player, a voter, to answer poll Poll by mail.
type Ballot struct {
	Campaign campaign.ID
	Player   campaign.PlayerID
	Poll     string
	Subject  string
	// Text says what is asked and why.
	Text    string
	Options []string
	// Default is the outcome when no option gets Need votes by Closes.
	Default string
	// Need of Voters must agree; VoterNames lists them.
	Need, Voters int
	VoterNames   string
	// Closes is when the poll closes at the latest, in the player's time
	// zone.
	Closes string
	// Rule cites the rule votes follow; "" for a house rule.
	Rule string
}

// PollOpened tells a player who does not vote that a poll is open.
type PollOpened struct {
	Poll, Subject, Text string
	VoterNames          string
	Need, Voters        int
	Closes              string
	Rule                string
}

// VoteCounted answers a vote that was counted. If Decided, the vote
// closed the poll with Outcome.
type VoteCounted struct {
	Poll, Option string
	// For counts the votes for Option so far, of Need.
	For, Need int
	Closes    string
	Decided   bool
	Outcome   string
}

// PollDecided tells a player a poll's outcome: Outcome, with the Tally of
// the votes cast. Default says no option got Need votes (AtClose: by its
// deadline; otherwise none could any more). Effect says what it changed.
type PollDecided struct {
	Poll, Subject, Outcome string
	Tally                  []string
	Need                   int
	Default, AtClose       bool
	Effect                 string
}

// VoteUsage refuses a vote command that does not name a poll and an
// option.
type VoteUsage struct{ Given string }

// NoSuchPoll refuses a vote on a poll that is not open; Open lists the
// polls the player may vote on.
type NoSuchPoll struct {
	Poll string
	Open []string
}

// PollClosed refuses a vote on a poll that closed, with its outcome.
type PollClosed struct{ Poll, Outcome string }

// NotAVoter refuses a vote from a player who is not among a poll's voters.
type NotAVoter struct{ Poll, VoterNames string }

// AlreadyVoted refuses a second vote on a poll.
type AlreadyVoted struct{ Poll, Option string }

// NotAnOption refuses a vote for an answer the poll does not offer.
type NotAnOption struct {
	Poll, Given string
	Options     []string
}

// ProposeUsage refuses a proposal that is not "propose rule <text>".
type ProposeUsage struct{ Given string }

// NoVotes refuses a proposal in a campaign that decides by the GM.
type NoVotes struct{ Title string }

// VotingStopped refuses a vote or a proposal in a campaign that is not
// running (Status: paused or ended), or whose turn waits for the GM
// after an outage (Held, with the open Turn): nothing is counted until it
// runs again.
type VotingStopped struct {
	Campaign campaign.ID
	Status   string
	Held     bool
	Turn     int
}

// PollFailed tells the GM that the outcome Outcome of poll Poll
// (Subject) of campaign Title could not be applied, and why (Problem):
// the poll closed with Fallback in its place, or, if none, with nothing
// applied, for the GM to decide.
type PollFailed struct {
	Title, Poll, Subject       string
	Outcome, Fallback, Problem string
}

// RuleProposalOpen refuses a rule proposal from a player whose rule
// proposal Poll is still open.
type RuleProposalOpen struct{ Poll string }

// ProposalOpened answers a proposal put to the vote.
type ProposalOpened struct {
	Poll   string
	Need   int
	Closes string
}

// ExtensionToVote answers an extension request put to the players' vote.
type ExtensionToVote struct {
	Hours, Turn int
	Poll        string
	Need        int
	Closes      string
	Deadline    string
}

// The changes a poll's outcome makes, for PollDecided.Effect.

// AppealSettled: battle Battle is settled with By's result.
type AppealSettled struct {
	Battle string
	By     campaign.PlayerID
}

// AppealFought: no result was chosen, so pbemd fought battle Battle.
type AppealFought struct{ Battle string }

// ExtensionVoted: Player's deadline moved by Hours, to Deadline, or, if
// not Granted, stays.
type ExtensionVoted struct {
	Player   campaign.PlayerID
	Hours    int
	Granted  bool
	Lapsed   bool
	Deadline string
}

// RuleVoted: the rule Rule, proposed by By, is adopted or not.
type RuleVoted struct {
	Rule    string
	By      campaign.PlayerID
	Adopted bool
}

// PollEvents: the ruleset's news of what the outcome changed. Due are
// those who owe orders for a turn the outcome opened, as when a call for
// a volunteer closes with nobody to fight.
type PollEvents struct {
	News []string
	Due  []DueSeat
}

func (Ballot) text()           {}
func (PollOpened) text()       {}
func (VoteCounted) text()      {}
func (PollDecided) text()      {}
func (VoteUsage) text()        {}
func (NoSuchPoll) text()       {}
func (PollClosed) text()       {}
func (NotAVoter) text()        {}
func (AlreadyVoted) text()     {}
func (NotAnOption) text()      {}
func (ProposeUsage) text()     {}
func (NoVotes) text()          {}
func (VotingStopped) text()    {}
func (PollFailed) text()       {}
func (RuleProposalOpen) text() {}
func (ProposalOpened) text()   {}
func (ExtensionToVote) text()  {}
func (AppealSettled) text()    {}
func (AppealFought) text()     {}
func (ExtensionVoted) text()   {}
func (RuleVoted) text()        {}
func (PollEvents) text()       {}

// What the moderator asks in the polls it opens: Poll.Subject and
// Poll.Text.

// AppealPoll asks who did not fight battle Battle which of the Results
// its Sides sent stands, or none, its time to settle having run out.
type AppealPoll struct {
	Battle  string
	Turn    int
	Sides   string
	Results []SentResult
}

// ExtensionPoll asks whether Player gets Hours more for turn Turn, past
// Deadline.
type ExtensionPoll struct {
	Player   campaign.PlayerID
	Hours    int
	Turn     int
	Reason   string
	Deadline string
}

// RulePoll asks whether the campaign adopts the rule Rule, proposed by
// Player.
type RulePoll struct {
	Player campaign.PlayerID
	Rule   string
}

// SubstitutePoll asks whether By finishes battle Battle in place of For,
// who left the campaign, as Proposer proposes.
type SubstitutePoll struct {
	Battle            string
	For, By, Proposer campaign.PlayerID
}

// NoSubstitute refuses a proposal of a substitute: NoBattle, no such
// battle waits for a result; NobodyLeft, its sides are all in or stood
// in for; Appeal, the other players vote on it already; NotFree, Player
// is a side or not in the campaign; Open, a vote on it is open.
type NoSubstitute struct {
	Battle                        string
	Player                        campaign.PlayerID
	NoBattle, NobodyLeft, NotFree bool
	Appeal, Open                  string
}

// SubstituteVoted: By finishes battle Battle in For's place, or not.
type SubstituteVoted struct {
	Battle  string
	For, By campaign.PlayerID
	Granted bool
}

// BattleTimePoll asks whether the clocks of battle Battle, one of
// Player's, run Hours longer than ResolveBy.
type BattleTimePoll struct {
	Battle    string
	Player    campaign.PlayerID
	Hours     int
	ResolveBy string
}

// BattleTimeVoted: battle Battle's clocks run Hours longer, to settle by
// ResolveBy, or, if not Granted, do not; or Settled, the battle ended
// before the vote closed, and its clocks no longer matter. ResolveBy is
// empty when pbemd no longer knows the battle.
type BattleTimeVoted struct {
	Battle    string
	Hours     int
	Granted   bool
	Settled   bool
	ResolveBy string
}

// PollAlreadyOpen refuses a proposal that a poll open already puts.
type PollAlreadyOpen struct{ Poll string }

func (BattleTimePoll) text()  {}
func (BattleTimeVoted) text() {}
func (PollAlreadyOpen) text() {}
func (SubstitutePoll) text()  {}
func (NoSubstitute) text()    {}
func (SubstituteVoted) text() {}
func (AppealPoll) text()      {}
func (ExtensionPoll) text()   {}
func (RulePoll) text()        {}
