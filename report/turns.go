package report

import (
	"fmt"
	"time"

	"github.com/pbemd/pbemd/campaign"
)

// Turns: reminders before a deadline, the GM's letter when a turn waits
// after an outage, and players who go out.

// Reminder reminds a player that turn Turn is due in Left, at Deadline;
// Received is when the orders on file, not final, arrived, or empty for
// none. Rule cites the rule on forfeits, "" for none.
type Reminder struct {
	Turn     int
	Title    string
	Left     time.Duration
	Deadline string
	Received string
	Rule     string
}

// HoldNotice tells the GM that turn Turn waits after an outage: pbemd
// was not running when its Deadline passed or, if InboxUnread, could not
// read its inbox. Example is a deadline the GM might give.
type HoldNotice struct {
	InboxUnread bool
	Turn        int
	Title       string
	Deadline    string
	Now         string
	Example     string
}

// FailureNotice tells the GM that pbemd failed in its work on campaign
// Campaign (Title) at At, while Doing, with the Panic it raised: turn
// Turn waits for the GM, as it was.
type FailureNotice struct {
	Title     string
	Campaign  campaign.ID
	Turn      int
	Doing     string
	Panic, At string
}

// MailFailed tells the sender of a mail that pbemd failed while handling
// it, and did nothing of it; turn Turn of the campaign Title waits for
// the GM.
type MailFailed struct {
	Title string
	Turn  int
}

// RerunNotice tells the players, in the report of turn Turn played again
// after a rollback, that it replaces the earlier one.
type RerunNotice struct{ Turn int }

// DroppedForForfeits is why a player who sent no orders for Turns turns
// in a row is out, under the Rule on it, "" for none.
type DroppedForForfeits struct {
	Turns int
	Rule  string
}

// Dropped tells a player they are out of the campaign, and Why.
type Dropped struct{ Title, Why string }

// DroppedGM tells the GM Player is out of the campaign, and Why.
type DroppedGM struct {
	Player     campaign.PlayerID
	Title, Why string
}

// Eliminated tells the GM the turn put Player out of the campaign, and
// Why; By, when the change that did was not a turn's resolution but, say,
// a battle settled while the turn was open ("battle T1-B1 settled, agreed
// by both sides"): their last mail told them of it.
type Eliminated struct {
	Player         campaign.PlayerID
	Title, Why, By string
}

// CampaignOver tells the GM the campaign ended with the turn just played,
// and who won it: Winner, if its rules name one.
type CampaignOver struct {
	Title  string
	Winner campaign.PlayerID
}

// roughly writes a time left as players think of it: "24 hours", "2
// hours", "45 minutes".
func roughly(d time.Duration) string {
	switch h := int(d.Round(time.Hour) / time.Hour); {
	case d < 90*time.Second:
		return "1 minute"
	case d < 90*time.Minute:
		return fmt.Sprintf("%d minutes", int(d.Round(time.Minute)/time.Minute))
	default:
		return fmt.Sprintf("%d hours", h)
	}
}

func (Reminder) text()           {}
func (HoldNotice) text()         {}
func (FailureNotice) text()      {}
func (MailFailed) text()         {}
func (RerunNotice) text()        {}
func (DroppedForForfeits) text() {}
func (Dropped) text()            {}
func (DroppedGM) text()          {}
func (Eliminated) text()         {}
func (CampaignOver) text()       {}
