package workflow

import (
	"encoding/json"
	"fmt"
	"time"

	"github.com/pbemd/pbemd/campaign"
	"github.com/pbemd/pbemd/game"
	"github.com/pbemd/pbemd/store"
)

// DigestLead is how long before a turn's deadline a digest must reach a
// player for the report that opened the turn to wait for it: a day to
// write orders. A report that would reach them later is their turn, and
// goes at once.
const DigestLead = 24 * time.Hour

// holdReport returns the store record of a report kept for a seat's
// digest, or nil if the seat takes none: then the report goes at once.
// deadline is the deadline of the turn the report opens.
func holdReport(s *store.Seat, v game.View, deadline, now time.Time, clocks []game.Clock) (*store.HeldReport, error) {
	if s.Mail.Digest == "" {
		return nil, nil
	}
	turn := v.Header().Turn
	raw, err := json.Marshal(HeldReport[game.View]{View: v, Deadline: deadline, Clocks: clocks})
	if err != nil {
		return nil, fmt.Errorf("hold the turn %d report of %s: %w", turn, s.Player, err)
	}
	return &store.HeldReport{Player: s.Player, Turn: turn, Held: now, Report: raw}, nil
}

// HeldReport is how a report held for a digest is kept: the player's view,
// in the ruleset's JSON, the deadline of the turn it opened, and the
// clocks of what that turn waited on.
type HeldReport[V any] struct {
	View     V            `json:"view"`
	Deadline time.Time    `json:"deadline"`
	Clocks   []game.Clock `json:"clocks,omitempty"`
}

// storeHeld keeps reports for digests within tx.
func storeHeld(tx *store.Tx, id campaign.ID, held []*store.HeldReport) error {
	for _, h := range held {
		if err := tx.HoldReport(id, h); err != nil {
			return err
		}
	}
	return nil
}

// DigestMail renders a seat's held reports as one mail, oldest first, in
// the form the seat's preferences ask for. Every report keeps its map and
// JSON; only the last, the turn now open, brings its order template.
func (m *Moderation) DigestMail(rs game.Ruleset, c *store.Campaign, s *store.Seat, items []game.DigestItem, seq uint64) (Outgoing, error) {
	d, err := rs.Digest(items, game.ReportOptions{Location: SeatLocation(c, s), SchemaRef: SchemaFile, Mail: &s.Mail, Page: m.pageOf(c, s)})
	if err != nil {
		return Outgoing{}, err
	}
	msg := m.NewMail(s.Email, d.Subject, d.Text, fmt.Sprintf("digest.%s.%s.%d@%s", c.ID, s.Player, seq, m.domain))
	msg.AutoSubmitted = "auto-generated"
	msg.HTML = d.HTML
	msg.Attachments = reportAttachments(s.Mail, d.Attachments)
	return Outgoing{Msg: msg, Campaign: string(c.ID), Purpose: "digest"}, nil
}
