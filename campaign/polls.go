package campaign

import (
	"encoding/json"
	"time"
)

// Poll is a question put to some players by mail, which they answer by
// replying: a vote that needs a supermajority, or a call for one
// volunteer. It lives in the state, like a pending battle, so that the
// turn that opened it, a rollback and a replay all see the same poll.
//
// A ruleset opens polls (its Resolve or a moderator request adds them to
// the state it returns); the moderator mails the voters, records their
// votes, closes the poll when its outcome is certain or at Closes, tells
// everyone the outcome, and has the ruleset apply it (game.Polls).
type Poll struct {
	// ID names the poll in its campaign, for the subject of its mails
	// and for replies: "appeal-b12", "npe-s21".
	ID string `json:"id"`
	// Kind is what the poll decides, in the opener's words: "appeal",
	// "extension", "rule", "substitute", "npe-volunteer".
	Kind string `json:"kind"`
	// Subject is the one line that heads the poll's mails; Text says
	// what is asked and why, with the rule that asks it.
	Subject string `json:"subject"`
	Text    string `json:"text"`
	// Voters may answer, in the state's player order.
	Voters []PlayerID `json:"voters"`
	// Options are the answers a voter may give: "yes" and "no" for a
	// proposal, the results proposed for an appeal.
	Options []string `json:"options"`
	// Need is how many votes an option needs to win; 1 for a call for a
	// volunteer, where the first answer other than Default wins.
	Need int `json:"need"`
	// Default is the outcome when no option has won by Closes, or when
	// none can any more: "no" for a proposal.
	Default string `json:"default"`
	// Opened is the turn in which the poll opened, and Closes when it
	// closes at the latest. A ruleset opening a poll in Resolve has no
	// clock: it leaves Closes zero and sets Lasts, and the moderator sets
	// Closes to Lasts after it first mails the poll.
	Opened int           `json:"opened"`
	Closes time.Time     `json:"closes"`
	Lasts  time.Duration `json:"lasts,omitempty"`
	// Votes are the votes cast so far, in the order they came.
	Votes []Vote `json:"votes,omitempty"`
	// Data is the opener's own record of what the outcome changes: a
	// battle's ID, an extension's length.
	Data json.RawMessage `json:"data,omitempty"`
}

// Vote is one voter's answer to a poll.
type Vote struct {
	Player PlayerID  `json:"player"`
	Option string    `json:"option"`
	At     time.Time `json:"at"`
}

// Supermajority is how many of voters players must agree for a
// supermajority (UTD1.7): both of 2, 2 of 3, three quarters of 4 or
// more, rounded up. One voter decides alone.
func Supermajority(voters int) int {
	switch {
	case voters <= 2:
		return voters
	case voters == 3:
		return 2
	default:
		return (3*voters + 3) / 4
	}
}
