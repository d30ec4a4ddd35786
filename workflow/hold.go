package workflow

import (
	"fmt"
	"time"

	"github.com/pbemd/pbemd/report"
	"github.com/pbemd/pbemd/store"
)

// HoldWhy says why a turn waits for the GM.
type HoldWhy int

const (
	HoldDaemonDown  HoldWhy = iota // pbemd was not running at the deadline
	HoldInboxUnread                // the inbox could not be read since the deadline
)

// Hold holds campaign c's open turn for the GM after an outage, rather
// than resolving it: it marks c held, and returns the change that stores
// it with an audit entry, the GM's notice, and the audit's detail. It
// writes nothing.
func (m *Moderation) Hold(c *store.Campaign, why HoldWhy) (Decision, string) {
	now := m.clock.Now().UTC()
	c.HeldSince = now
	detail := fmt.Sprintf("deadline %s passed while pbemd was down", UTCStamp(c.Deadline()))
	if why == HoldInboxUnread {
		detail = fmt.Sprintf("inbox unread since deadline %s", UTCStamp(c.Deadline()))
	}
	// The example is written as the GM's deadline command reads it: in
	// the campaign's time zone.
	notice := report.HoldNotice{InboxUnread: why == HoldInboxUnread, Turn: c.Turn, Title: c.Title, Deadline: LocalTime(c, nil, c.Deadline()),
		Now: LocalTime(c, nil, now), Example: now.Add(48 * time.Hour).In(CampaignLocation(c)).Format(DeadlineLayout)}
	msg := m.MailText(c.ID, c.GM.Email, notice, fmt.Sprintf("held.%s.t%d.%d@%s", c.ID, c.Turn, now.Unix(), m.domain))
	apply := func(tx *store.Tx) error {
		if err := tx.PutCampaign(c); err != nil {
			return err
		}
		return WriteAudit(tx, c.ID, store.AuditEntry{At: now, Who: "pbemd", Action: "hold", Detail: detail})
	}
	return Decision{Mails: []Outgoing{{Msg: msg, Campaign: string(c.ID), Purpose: "held"}}, Apply: apply}, detail
}
