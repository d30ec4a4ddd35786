package workflow

import (
	"github.com/pbemd/pbemd/mail"
	"github.com/pbemd/pbemd/orders"
	"github.com/pbemd/pbemd/report"
	"github.com/pbemd/pbemd/store"
)

// Mail is one incoming mail as the moderation decides on it: the one value
// every decision on a mail takes, from its sender's seats to its answer.
type Mail struct {
	// In is the mail as read, and Rec the daemon's record of it: each
	// decision fills in its outcome, and the campaign and player it was
	// for.
	In  *mail.Inbound
	Rec *store.MessageRecord
	// Seats are the seats the sender's address holds, and GMs the
	// campaigns it is the GM of.
	Seats []SenderSeat
	GMs   []*store.Campaign
	// Sub is what the mail asks, as read; nil when it could not be read.
	Sub *orders.Submission
	// Reject answers the mail with a rejection; nil for a mail that is
	// never answered, from an address that plays in no campaign.
	Reject RejectFunc
}

// problem is a rejection of the mail for one problem, t, at the line of
// the header field key.
func (ml *Mail) problem(key string, t report.Text) *report.Rejection {
	return &report.Rejection{Source: ml.In.Text, SourceName: sourceName(ml.In), Problems: orders.Problems{report.Problem(t, ml.Sub.Pos[key])}}
}
