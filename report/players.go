package report

import (
	"fmt"
	"strings"
	"time"

	"github.com/pbemd/pbemd/campaign"
)

// A player's commands: what the player is answered, and the messages
// relayed between players.

// NotAPlayerCommand refuses a command players cannot give.
type NotAPlayerCommand struct{ Verb string }

// PlayerStatus answers a player's command: status. A player who is Due
// has orders on file (Filed) or not; on file, they were received at
// Received, are Final or not, and are echoed with their costs (Echo), or
// Stale says why they no longer fit the state.
type PlayerStatus struct {
	Title    string
	Turn     int
	Date     string
	Status   string
	Ended    bool
	Deadline string
	Due      bool
	Filed    bool
	Received string
	Final    bool
	Echo     string
	Stale    string
	// Granted is how many extensions the player has had, of PerPlayer.
	Granted, PerPlayer int
	// Pending are the player's requests that wait for the GM, or, if
	// ByVote, for the players' vote.
	Pending []ExtensionState
	ByVote  bool
	// Ballots are the open polls the player may still vote on.
	Ballots []OpenBallot
	// Rule cites the rule on forfeiting a turn; "" for none.
	Rule string
	// Owed, for a player who owes no orders, says who does, or what the
	// turn waits on, and when the player's turn comes; nil if not known.
	Owed *NotDue
}

// NotYours says that the player owes no orders, and who does or what the
// turn waits on (Owed).
func (s PlayerStatus) NotYours() string {
	t := fmt.Sprintf("You owe no orders for turn %d: it is not your turn.", s.Turn)
	if s.Owed != nil {
		t += " " + s.Owed.Owed()
	}
	return t
}

// OpenBallot is a poll a player may still vote on, and when it closes at
// the latest.
type OpenBallot struct{ Poll, Subject, Closes string }

// NoSuchReport refuses to send again a report there is none of: reports
// run from turn 1 to the open turn, Turn.
type NoSuchReport struct {
	Given string
	Turn  int
}

// ResentSubject is the subject of a report sent again.
type ResentSubject struct{ Subject string }

// NoMessages refuses a message in a campaign that relays none.
type NoMessages struct{}

// SignedOnly refuses an anonymous message in a campaign that relays
// signed ones only.
type SignedOnly struct{}

// NoRecipient refuses a message to no one.
type NoRecipient struct{}

// EmptyMessage refuses a message without text.
type EmptyMessage struct{}

// MessageToSelf refuses a message to its sender.
type MessageToSelf struct{}

// NoSuchRecipient refuses a message to a player who is not in the
// campaign.
type NoSuchRecipient struct {
	Name     string
	Campaign campaign.ID
}

// RelayedMessage is a player's message to another, From a player unless
// Anonymous.
type RelayedMessage struct {
	Title     string
	From      campaign.PlayerID
	Anonymous bool
	Text      string
}

// RelayAnswer answers a player's command: message.
type RelayAnswer struct {
	To        []string
	Anonymous bool
}

// DigestEnded refuses a digest in a campaign that ended.
type DigestEnded struct{ Title string }

// DigestUseless refuses a digest in a campaign where no turn lasts more
// than a day, so that a digest would never hold a report.
type DigestUseless struct{ Title string }

// MailPrefsAnswer answers a player's command: mail: the preferences now
// on file, as the player would write them and in words, and how to change
// them. Location is the player's time zone; Held counts the reports that
// were waiting for a digest the player turned off, which now come at
// once.
type MailPrefsAnswer struct {
	Title    string
	Prefs    campaign.MailPrefs
	Location *time.Location
	Held     int
}

// Attached lists the attachments the preferences keep, as the player
// writes them.
func (a MailPrefsAnswer) Attached() string {
	var with []string
	for _, k := range a.Prefs.Attached() {
		with = append(with, string(k))
	}
	return strings.Join(with, ", ")
}

// Summary says in words how the player's reports come.
func (a MailPrefsAnswer) Summary() string { return MailSummary(a.Prefs, a.Location) }

// HowTo says how to change the preferences.
func (MailPrefsAnswer) HowTo() string { return MailHowTo }

func (NotAPlayerCommand) text() {}
func (PlayerStatus) text()      {}
func (NoSuchReport) text()      {}
func (ResentSubject) text()     {}
func (NoMessages) text()        {}
func (SignedOnly) text()        {}
func (NoRecipient) text()       {}
func (EmptyMessage) text()      {}
func (MessageToSelf) text()     {}
func (NoSuchRecipient) text()   {}
func (RelayedMessage) text()    {}
func (RelayAnswer) text()       {}
func (DigestEnded) text()       {}
func (DigestUseless) text()     {}
func (MailPrefsAnswer) text()   {}
