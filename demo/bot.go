package demo

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"slices"
	"strings"
	"time"

	gmmail "github.com/emersion/go-message/mail"

	"github.com/pbemd/pbemd/campaign"
	"github.com/pbemd/pbemd/internal/clock"
	"github.com/pbemd/pbemd/mail"
	"github.com/pbemd/pbemd/mail/localmail"
	"github.com/pbemd/pbemd/rules/eaw"
	"github.com/pbemd/pbemd/workflow"
)

// bot is a scripted player: it reads its reports over IMAP and mails orders
// over SMTP, as a person would.
type bot struct {
	world     *localmail.World
	seat      workflow.Seat
	campaign  campaign.ID
	moderator string
	poll      time.Duration
	log       *slog.Logger
	ordered   int // the last turn it sent orders for
	// script writes the player's mails for a report's view: the turn they
	// are for, and none when the player has nothing to send.
	script func(b *bot, view json.RawMessage) (turn int, mails []string)
}

func (b *bot) run(ctx context.Context) {
	for {
		if err := b.step(ctx); err != nil && ctx.Err() == nil {
			b.log.Warn("scripted player step failed", "err", err)
		}
		if clock.Sleep(ctx, clock.System{}, b.poll) != nil {
			return
		}
	}
}

// step reads the newest report and sends the mails its script writes for
// it, once per turn.
func (b *bot) step(ctx context.Context) error {
	msgs, err := b.world.Mailbox(ctx, localPart(b.seat.Email), Password, "INBOX")
	if err != nil {
		return err
	}
	var newest json.RawMessage
	latest := 0
	for _, raw := range msgs {
		if v := reportView(raw); v != nil {
			var h struct {
				Turn int `json:"turn"`
			}
			if json.Unmarshal(v, &h) == nil && (newest == nil || h.Turn > latest) {
				newest, latest = v, h.Turn
			}
		}
	}
	if newest == nil || latest <= b.ordered {
		return nil
	}
	turn, mails := b.script(b, newest)
	if turn <= b.ordered || len(mails) == 0 {
		return nil
	}
	host, port := b.world.SMTPHostPort()
	sender := mail.NewSender(mail.SenderOptions{Host: host, Port: port, TLS: mail.TLSNone, KeepAlive: -1})
	for i, body := range mails {
		msg := mail.Message{
			From:      mail.Address{Email: b.seat.Email},
			To:        []mail.Address{{Email: b.moderator}},
			Subject:   fmt.Sprintf("orders for turn %d", turn),
			MessageID: fmt.Sprintf("orders.%s.t%d.%d.%s@%s", b.campaign, turn, i+1, b.seat.Player, domainOf(b.seat.Email)),
			Date:      time.Now().UTC(),
			Text:      body,
		}
		env, err := mail.ComposeEnvelope(msg)
		if err != nil {
			return err
		}
		if err := sender.Send(ctx, []mail.Envelope{env}, func([]int) error { return nil }); err != nil {
			return err
		}
	}
	b.ordered = turn
	b.log.Info("scripted player sent orders", "turn", turn, "mails", len(mails))
	return nil
}

// eawScript writes an EaW player's one mail of orders for every turn.
func eawScript(b *bot, raw json.RawMessage) (int, []string) {
	var v eaw.View
	if json.Unmarshal(raw, &v) != nil {
		return 0, nil
	}
	return v.Turn, []string{b.orders(&v)}
}

// orders moves as many fleets one lane as the budget allows, at the
// campaign's costs (EaW 5a, 17e), each to a neighbour picked by the turn
// number that has room for it (EaW 17a), and marks the orders final. A
// fleet holding a MON at an FRD goes only with it, so it stays; a free jump
// (EaW 5b) is charged as any other, so the bot never overspends.
func (b *bot) orders(v *eaw.View) string {
	r := v.Rules
	g := campaign.NewGraph(v.Map.Map())
	var s strings.Builder
	fmt.Fprintf(&s, "campaign: %s\nplayer: %s\nturn: %d\ntoken: %s\nfinal: true\norders:\n", b.campaign, b.seat.Player, v.Turn, b.seat.Token)
	here := map[campaign.SystemID]int{}
	for _, f := range v.Fleets {
		here[f.At]++
	}
	full := func(s campaign.SystemID) bool { return r.Fleets.PerSystem > 0 && here[s] >= r.Fleets.PerSystem }
	moves, left := 0, v.Budget
	for i, f := range v.Fleets {
		cost := r.Budget.JumpCost
		if slices.Contains(f.Roles, campaign.RoleMonitor) {
			if slices.Contains(v.FRDs, f.At) {
				continue
			}
			cost = r.FRD.MONJumpCost
		}
		next := slices.DeleteFunc(slices.Clone(g.Neighbours(f.At)), full)
		if cost > left || len(next) == 0 {
			continue
		}
		to := next[(v.Turn+i)%len(next)]
		fmt.Fprintf(&s, "  - move: {fleet: %s, path: [%s]}\n", f.ID, to)
		here[f.At]--
		here[to]++
		moves++
		left -= cost
	}
	if moves == 0 {
		s.WriteString("  []\n")
	}
	return s.String()
}

// reportView finds the JSON report attached to a mail, if any, and
// returns its view: the document's "view" (EaW's report), or the whole
// document (TD IV's).
func reportView(raw []byte) json.RawMessage {
	r, err := gmmail.CreateReader(bytes.NewReader(raw))
	if err != nil {
		return nil
	}
	for {
		p, err := r.NextPart()
		if err != nil {
			return nil
		}
		h, ok := p.Header.(*gmmail.AttachmentHeader)
		if !ok {
			continue
		}
		if name, _ := h.Filename(); !strings.HasPrefix(name, "report-") || !strings.HasSuffix(name, ".json") {
			continue
		}
		data, err := io.ReadAll(io.LimitReader(p.Body, 16<<20))
		if err != nil {
			return nil
		}
		var doc struct {
			View json.RawMessage `json:"view"`
		}
		if json.Unmarshal(data, &doc) != nil {
			return nil
		}
		if doc.View != nil {
			return doc.View
		}
		return data
	}
}
