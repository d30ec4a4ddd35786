package moderator

import (
	"encoding/json"
	"fmt"
	"time"

	"github.com/pbemd/pbemd/campaign"
	"github.com/pbemd/pbemd/game"
	"github.com/pbemd/pbemd/store"
)

// digestLead is how long before a turn's deadline a digest must reach a
// player for the report that opened the turn to wait for it: a day to
// write orders. A report that would reach them later is their turn, and
// goes at once.
const digestLead = 24 * time.Hour

// holdReport returns the store record of a report kept for a seat's
// digest, or nil if the seat takes none: then the report goes at once.
// deadline is the deadline of the turn the report opens.
func holdReport(s *store.Seat, v game.View, deadline, now time.Time, clocks []game.Clock) (*store.HeldReport, error) {
	if s.Mail.Digest == "" {
		return nil, nil
	}
	turn := v.Header().Turn
	raw, err := json.Marshal(heldReport[game.View]{View: v, Deadline: deadline, Clocks: clocks})
	if err != nil {
		return nil, fmt.Errorf("hold the turn %d report of %s: %w", turn, s.Player, err)
	}
	return &store.HeldReport{Player: s.Player, Turn: turn, Held: now, Report: raw}, nil
}

// heldReport is how a report held for a digest is kept: the player's view,
// in the ruleset's JSON, the deadline of the turn it opened, and the
// clocks of what that turn waited on.
type heldReport[V any] struct {
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

// pendingDigest is a seat's held reports, oldest first, and when they go.
type pendingDigest struct {
	c    *store.Campaign
	seat *store.Seat
	held []*store.HeldReport
	due  time.Time
}

// sendDigests mails the reports held for the digests whose time has come,
// each seat's in one mail, and returns when the next digest falls due
// (zero if none waits). A digest that fails is logged and tried again in
// a minute; the others go.
func (m *Moderator) sendDigests() (time.Time, error) {
	pending, err := m.pendingDigests()
	if err != nil {
		return time.Time{}, err
	}
	var next time.Time
	now := m.clock.Now()
	for _, p := range pending {
		if p.c.Failed != "" {
			continue // held for the GM after a failure
		}
		if !p.due.After(now) {
			err := contain(p.c.ID, fmt.Sprintf("writing %s's digest of reports", p.seat.Player), func() error { return m.sendDigest(p) })
			if f := asFailure(err); f != nil {
				err = m.holdFailed(f)
			}
			if err == nil {
				continue
			}
			m.log.Error("send digest", "campaign", p.c.ID, "player", p.seat.Player, "err", err)
			p.due = now.Add(time.Minute)
		}
		if next.IsZero() || p.due.Before(next) {
			next = p.due
		}
	}
	return next, nil
}

// pendingDigests reads every seat's held reports and when they go.
func (m *Moderator) pendingDigests() ([]*pendingDigest, error) {
	var out []*pendingDigest
	err := m.db.View(func(tx *store.Tx) error {
		camps, err := m.campaigns.all(tx)
		if err != nil {
			return err
		}
		for _, c := range camps {
			held, err := tx.HeldReports(c.ID)
			if err != nil {
				return err
			}
			bySeat := map[campaign.PlayerID]*pendingDigest{}
			for _, h := range held {
				p := bySeat[h.Player]
				if p == nil {
					s := c.Seat(h.Player)
					if s == nil {
						continue // a seat is never removed
					}
					p = &pendingDigest{c: c, seat: s}
					bySeat[h.Player] = p
					out = append(out, p)
				}
				p.held = append(p.held, h)
			}
		}
		for _, p := range out {
			on, err := tx.Orders(p.c.ID, p.c.Turn, p.seat.Player)
			if err != nil {
				return err
			}
			p.due = digestDue(p.c, p.seat, p.held[0].Held, on != nil && on.Submission.Final)
		}
		return nil
	})
	return out, err
}

// digestDue returns when a seat's held reports go, the oldest held at
// first: at the seat's first digest time after it, or at once (first)
// when the seat no longer takes a digest, or when it is the player's
// turn. It is their turn when they still owe orders for the open turn
// (they are due, the campaign runs, they have no final orders on file)
// and the digest would reach them less than digestLead before their
// deadline.
func digestDue(c *store.Campaign, s *store.Seat, first time.Time, final bool) time.Time {
	if s.Mail.Digest == "" {
		return first
	}
	due := s.Mail.NextDigest(first, seatLocation(c, s))
	owes := c.Status == store.Running && s.Due() && !final
	if owes && s.Deadline.Before(due.Add(digestLead)) {
		return first
	}
	return due
}

// sendDigest mails a seat's held reports and forgets them, in one
// transaction: one report as the report mail it would have been, several
// as a digest.
func (m *Moderator) sendDigest(p *pendingDigest) error {
	rs, err := m.ruleset(p.c)
	if err != nil {
		return err
	}
	items := make([]game.DigestItem, len(p.held))
	for i, h := range p.held {
		var kept heldReport[json.RawMessage]
		if err := json.Unmarshal(h.Report, &kept); err != nil {
			return fmt.Errorf("read the turn %d report held for %s in %s: %w", h.Turn, h.Player, p.c.ID, err)
		}
		v, err := rs.DecodeView(kept.View)
		if err != nil {
			return fmt.Errorf("read the turn %d report held for %s in %s: %w", h.Turn, h.Player, p.c.ID, err)
		}
		items[i] = game.DigestItem{View: v, Deadline: kept.Deadline, Clocks: kept.Clocks}
	}
	var out outgoing
	if len(items) == 1 {
		player := &campaign.Player{ID: p.seat.Player, Email: p.seat.Email, TimeZone: p.seat.TimeZone}
		out, err = m.reportMailDue(p.c, items[0].View, player, items[0].Deadline, items[0].Clocks)
	} else {
		out, err = m.digestMail(rs, p.c, p.seat, items, p.held[0].Seq)
	}
	if err != nil {
		return err
	}
	composed, err := compose([]outgoing{out})
	if err != nil {
		return err
	}
	err = m.db.Update(func(tx *store.Tx) error {
		if err := tx.ReleaseReports(p.c.ID, p.held); err != nil {
			return err
		}
		return enqueue(tx, composed)
	})
	if err != nil {
		return fmt.Errorf("send the digest of %s in %s: %w", p.seat.Player, p.c.ID, err)
	}
	m.log.Info("digest sent", "campaign", p.c.ID, "player", p.seat.Player, "reports", len(items))
	wake(m.wakeSender)
	return nil
}

// digestMail renders a seat's held reports as one mail, oldest first, in
// the form the seat's preferences ask for. Every report keeps its map and
// JSON; only the last, the turn now open, brings its order template.
func (m *Moderation) digestMail(rs game.Ruleset, c *store.Campaign, s *store.Seat, items []game.DigestItem, seq uint64) (outgoing, error) {
	d, err := rs.Digest(items, game.ReportOptions{Location: seatLocation(c, s), SchemaRef: schemaFile, Mail: &s.Mail})
	if err != nil {
		return outgoing{}, err
	}
	msg := m.newMail(s.Email, d.Subject, d.Text, fmt.Sprintf("digest.%s.%s.%d@%s", c.ID, s.Player, seq, m.domain))
	msg.AutoSubmitted = "auto-generated"
	msg.HTML = d.HTML
	msg.Attachments = reportAttachments(s.Mail, d.Attachments)
	return outgoing{msg: msg, campaign: string(c.ID), purpose: "digest"}, nil
}
