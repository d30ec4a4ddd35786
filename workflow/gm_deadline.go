package workflow

import (
	"strings"
	"time"

	"github.com/pbemd/pbemd/report"
	"github.com/pbemd/pbemd/store"
)

// DeadlineLayout is how the GM writes a deadline in the campaign's time
// zone: "command: deadline 2026-12-01 20:00".
const DeadlineLayout = "2006-01-02 15:04"

// parseDeadline reads the GM's new deadline: "2026-12-01 20:00" in the
// campaign's time zone, an RFC 3339 time, or "+48h" from now. It must be
// in the future. It returns why not, if it cannot read one.
func parseDeadline(s string, c *store.Campaign, now time.Time) (time.Time, report.Text) {
	loc, err := c.Schedule.Location()
	if err != nil {
		loc = time.UTC
	}
	s = strings.TrimSpace(s)
	var t time.Time
	switch {
	case s == "":
		return t, report.DeadlineNeedsTime{}
	case strings.HasPrefix(s, "+"):
		d, err := time.ParseDuration(s[1:])
		if err != nil || d <= 0 {
			return t, report.DeadlineNotFromNow{Given: s}
		}
		t = now.Add(d)
	default:
		if t, err = time.Parse(time.RFC3339, s); err != nil {
			if t, err = time.ParseInLocation(DeadlineLayout, s, loc); err != nil {
				return t, report.DeadlineUnreadable{Given: s}
			}
		}
	}
	if !t.After(now) {
		return t, report.DeadlinePast{Time: report.FormatDeadline(t, loc)}
	}
	return t.UTC(), nil
}

// gmDeadline moves the open turn's deadline (command: deadline), for
// every player, and releases a turn held back by a failure.
func (m *Moderation) gmDeadline(r *request, c *store.Campaign, audit store.AuditEntry) (Decision, error) {
	now := audit.At
	t, bad := parseDeadline(r.Sub.Command.Args, c, now)
	if bad != nil {
		return r.refuse(bad)
	}
	if c.Status == store.Ended {
		return r.refuse(report.NoDeadlineToMove{Campaign: c.ID})
	}
	held := !c.HeldSince.IsZero()
	audit.Detail = UTCStamp(t)
	c.SetDeadlines(t)
	c.Release()
	MarkReminded(c, now)
	if c.Status == store.Paused {
		c.PausedAt = now
	}
	mails := m.tellPlayers(c, r.In.MessageID, "deadline", "", func(s *store.Seat) report.Text {
		return report.DeadlineMoved{Turn: c.Turn, Deadline: deadlineFor(c, s), Paused: c.Status == store.Paused}
	})
	answer := m.answer(r, report.DeadlineAnswer{Turn: c.Turn, Deadline: gmDeadline(c), Held: held})
	return r.done("deadline", answer, Decision{Mails: mails, Apply: putCampaign(c, c.Turn, audit)})
}
