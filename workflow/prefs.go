package workflow

import (
	"time"

	"github.com/pbemd/pbemd/campaign"
	"github.com/pbemd/pbemd/game"
	"github.com/pbemd/pbemd/mail"
	"github.com/pbemd/pbemd/orders"
	"github.com/pbemd/pbemd/report"
	"github.com/pbemd/pbemd/store"
)

// seatPrefs returns the mail preferences of a player's seat; the default
// for a player without one.
func seatPrefs(c *store.Campaign, p campaign.PlayerID) campaign.MailPrefs {
	if s := c.Seat(p); s != nil {
		return s.Mail
	}
	return campaign.MailPrefs{}
}

// reportAttachments lists the attachments of a report mail that the
// seat's preferences keep: the inline map always (it goes with the HTML,
// which a text-only report lacks), the others unless turned off.
func reportAttachments(prefs campaign.MailPrefs, all []game.Attachment) []mail.Attachment {
	var out []mail.Attachment
	for _, a := range all {
		if a.Kind == "" || prefs.Attaches(a.Kind) {
			out = append(out, mail.Attachment{Name: a.Name, ContentType: a.ContentType, Data: a.Data, Inline: a.Inline, ContentID: a.ContentID})
		}
	}
	return out
}

// LongestTurn returns the longest gap between two deadlines of a
// schedule over the week after now; 0 if the schedule gives none.
func LongestTurn(s campaign.Schedule, now time.Time) time.Duration {
	var longest time.Duration
	prev, err := s.Next(now)
	for err == nil && prev.Before(now.Add(8*24*time.Hour)) {
		var next time.Time
		if next, err = s.Next(prev); err == nil {
			longest = max(longest, next.Sub(prev))
			prev = next
		}
	}
	return longest
}

// refuseAt rejects a request with a problem at one of its header keys.
func (r *request) refuseAt(key string, why report.Text) (Decision, error) {
	return r.Reject(r.c.ID, &report.Rejection{Source: r.In.Text, SourceName: sourceName(r.In),
		Problems: orders.Problems{report.Problem(why, r.Sub.Pos[key])}})
}
