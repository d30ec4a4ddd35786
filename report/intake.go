package report

import (
	"fmt"
	"strings"

	"github.com/pbemd/pbemd/campaign"
)

// Intake: why a mail changed nothing before its orders or request were
// read (its size, its sender, its token, its turn, the hourly limit), and
// the GM's alerts of attempts to act as the GM.

// TooLarge refuses a mail of Size bytes, too large to read.
type TooLarge struct{ Size int64 }

// UnreadableHeader refuses a mail whose header pbemd could not read.
type UnreadableHeader struct{}

// NoOrders refuses a mail without text.
type NoOrders struct{}

// RateLimit refuses the first mail over the hourly limit of mails from
// one address: Count mails came, of Limit read, until Until.
type RateLimit struct {
	Count, Limit int
	Until        string
}

// NoCampaignHere is why a mail's orders stay unread: pbemd runs no
// campaign by that name that the sender plays.
type NoCampaignHere struct{ Campaign campaign.ID }

// GMSentOrders refuses orders from the GM of Campaigns, the first being
// Campaign.
type GMSentOrders struct {
	Campaigns []string
	Campaign  campaign.ID
}

// NotYourCampaign points at a campaign the sender does not play in; Mine
// are those they do.
type NotYourCampaign struct {
	Campaign campaign.ID
	Mine     []string
}

// WrongSeat points at a player: line that names another seat than the
// sender's, Player in Campaign, or the one the sender is the Proxy of.
type WrongSeat struct {
	Player   campaign.PlayerID
	Campaign campaign.ID
	Named    campaign.PlayerID
	Proxy    bool
}

// NoToken points at a mail without a token.
type NoToken struct{}

// WrongToken points at a token that is not the seat's.
type WrongToken struct{}

// PlayerIsOut refuses a mail from a player who is out of Campaign, for
// the reason Out; one who Resigned cannot come back by mail.
type PlayerIsOut struct {
	Campaign campaign.ID
	Out      string
	Resigned bool
}

// NotTakingOrders refuses orders for a campaign that does not run.
type NotTakingOrders struct {
	Campaign campaign.ID
	Status   string
	Paused   bool
}

// NotDue refuses orders from a player who owes none for turn Turn; Due
// are those who do.
type NotDue struct {
	Turn int
	Due  []DueSeat
	// Battles and Polls are what a turn nobody owes orders for waits on:
	// battles its sides fight and report, polls open, such as a call for
	// a volunteer to play a non-player empire.
	Battles []string
	Polls   []OpenBallot
	// Before are the players whose turns come before the sender's, from
	// the open turn on, where the ruleset tells the order of play.
	Before []campaign.PlayerID
}

// Owed says who owes orders for the turn, or what it waits on, and when
// the reader's turn comes.
func (n NotDue) Owed() string {
	var s string
	switch {
	case len(n.Due) > 0:
		due := make([]string, len(n.Due))
		for i, d := range n.Due {
			due[i] = fmt.Sprintf("%s, by %s", d.Player, d.Deadline)
		}
		s = fmt.Sprintf("Orders for it are due from %s. ", strings.Join(due, "; "))
	case len(n.Battles) > 0 || len(n.Polls) > 0:
		var on []string
		for _, b := range n.Battles {
			on = append(on, "battle "+b)
		}
		var votes []string
		for _, p := range n.Polls {
			votes = append(votes, fmt.Sprintf("vote %s (%s), which closes by %s", p.Poll, p.Subject, p.Closes))
		}
		if len(votes) > 0 {
			on = append(on, strings.Join(votes, "; "))
		}
		s = fmt.Sprintf("Nobody owes orders for turn %d now: it waits on %s. ", n.Turn, strings.Join(on, ", and on "))
	}
	switch len(n.Before) {
	case 0:
		return s + "Your report will say when your turn comes; send your orders then."
	case 1:
		s += "Yours comes next"
	default:
		s += fmt.Sprintf("Yours comes after the turns of %s, in that order", AndList(names(n.Before)))
	}
	return s + ": the report that opens it will tell you, and its deadline; send your orders then."
}

// DueSeat is a player who owes orders, by Deadline.
type DueSeat struct {
	Player   campaign.PlayerID
	Deadline string
}

// WrongTurn points at orders for turn Turn while turn Open is open, due at
// Deadline.
type WrongTurn struct {
	Turn, Open int
	Deadline   string
}

// TooLate refuses orders for turn Turn that arrived at Arrived, after its
// Deadline.
type TooLate struct {
	Turn              int
	Deadline, Arrived string
}

// TurnFinal refuses orders for turn Turn, whose orders on file for
// Player, received at Received, are final: the turn passes with them, so
// nothing more is added. Proxy says a proxy sent the mail.
type TurnFinal struct {
	Turn     int
	Player   campaign.PlayerID
	Received string
	Proxy    bool
}

// OnFile says which orders stay on file after a mail changed nothing.
// Added says the mail's orders would have been added to them, as a
// sequential ruleset's turn takes several mails.
type OnFile struct {
	Received string
	Added    bool
}

// NeedsPlayerLine points at a player's request without a player: line.
type NeedsPlayerLine struct{}

// NotTheGM points at a campaign the sender is not the GM of; Campaigns
// are those they are.
type NotTheGM struct {
	Campaign  campaign.ID
	Campaigns []string
}

// BadGMToken points at a GM token that is missing or wrong.
type BadGMToken struct{}

// GMNoExtension points at an extension request from the GM.
type GMNoExtension struct{}

// GMNoBattle points at a battle result from the GM.
type GMNoBattle struct{}

// GMOnly points at a GM's command a player gave; NoPlayerLine says the
// mail had no player: line.
type GMOnly struct {
	Verb         string
	NoPlayerLine bool
}

// NotYourToken refuses a mail carrying a GM token from another address
// than the GM's, without saying whose token it is.
type NotYourToken struct{}

// GMAlert tells the GM of an attempt to act as the GM that was refused:
// What happened, in the mail MessageID, about Title.
type GMAlert struct{ What, MessageID, Title string }

// GMCommandAlert: From, playing Player if anyone, sent the GM command
// Verb, WithToken of their own or without.
type GMCommandAlert struct {
	From      string
	Player    campaign.PlayerID
	Verb      string
	WithToken bool
}

// GMTokenAlert: From sent a mail carrying the GM token.
type GMTokenAlert struct{ From string }

// AlertSummary tells the GM of Count more attempts refused since Since,
// in Title, beyond the PerHour they heard of one by one; Proven says the
// mails carried a valid token.
type AlertSummary struct {
	Title   string
	Count   int
	Since   string
	PerHour int
	Proven  bool
}

// TokenUsed tells Player, or the GM if ToGM, that Player's token for
// Campaign (Title) came in Count mails from From, which is not the seat's
// address, the First and the Latest at those times: the token has reached
// someone else. Answered says From, who plays here, was told the token is
// not theirs; a stranger is not answered.
type TokenUsed struct {
	Title         string
	Campaign      campaign.ID
	Player        campaign.PlayerID
	From          string
	ToGM          bool
	Answered      bool
	Count         int
	First, Latest string
}

// NewToken answers a request for a new token with it: Player's in
// Campaign (Title), or the GM's for no Player.
type NewToken struct {
	Title    string
	Campaign campaign.ID
	Player   campaign.PlayerID
	Token    string
	// Page is the new link to the player's web page, which changed with
	// the token; empty where the daemon serves no pages.
	Page string
}

// StrangerAlert: From, who plays no seat, sent the command Verb (or
// another request, for none) for Campaign.
type StrangerAlert struct {
	From     string
	Verb     string
	Campaign campaign.ID
}

func (TooLarge) text()         {}
func (AlertSummary) text()     {}
func (TokenUsed) text()        {}
func (NewToken) text()         {}
func (UnreadableHeader) text() {}
func (NoOrders) text()         {}
func (RateLimit) text()        {}
func (NoCampaignHere) text()   {}
func (GMSentOrders) text()     {}
func (NotYourCampaign) text()  {}
func (WrongSeat) text()        {}
func (NoToken) text()          {}
func (WrongToken) text()       {}
func (PlayerIsOut) text()      {}
func (NotTakingOrders) text()  {}
func (NotDue) text()           {}
func (WrongTurn) text()        {}
func (TooLate) text()          {}
func (TurnFinal) text()        {}
func (OnFile) text()           {}
func (NeedsPlayerLine) text()  {}
func (NotTheGM) text()         {}
func (BadGMToken) text()       {}
func (GMNoExtension) text()    {}
func (GMNoBattle) text()       {}
func (GMOnly) text()           {}
func (NotYourToken) text()     {}
func (GMAlert) text()          {}
func (GMCommandAlert) text()   {}
func (GMTokenAlert) text()     {}
func (StrangerAlert) text()    {}
