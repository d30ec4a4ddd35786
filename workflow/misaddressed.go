package workflow

import (
	"slices"
	"time"

	"github.com/pbemd/pbemd/mail"
	"github.com/pbemd/pbemd/report"
	"github.com/pbemd/pbemd/store"
)

// misaddressedVerdict answers a GM's decision on an extension request
// that came to the moderator's own address, not to the request's
// single-use reply address: a mail client that replied to the From line
// rather than the Reply-To sends it there. It reads like a verdict
// (approve, deny) and comes from a campaign's GM, so it is no orders.
// Nothing is decided: the answer names the request it answers (by its
// In-Reply-To or References), or else every request waiting for the GM,
// each with a new single-use address, which works as the first one does.
// With one request, the answer's Reply-To is that address.
func (m *Moderation) misaddressedVerdict(ml *Mail) (Decision, bool, error) {
	in, rec := ml.In, ml.Rec
	if _, ok := readVerdict(string(in.Text)); !ok || in.Unreadable != "" {
		return Decision{}, false, nil
	}
	gms, err := m.gmCampaigns(in.From)
	if err != nil || len(gms) == 0 {
		return Decision{}, false, err
	}
	if m.unauthenticatedOver(in.From, rec) {
		return Decision{}, true, nil
	}
	waiting, err := m.waitingRequests(gms, in)
	if err != nil {
		return Decision{}, true, err
	}
	answer := report.MisaddressedVerdict{Address: m.address}
	var approvals []func(tx *store.Tx) error
	for _, w := range waiting {
		token, err := newReplyToken(m.rand)
		if err != nil {
			return Decision{}, true, err
		}
		answer.Requests = append(answer.Requests, report.WaitingRequest{Title: w.c.Title, Player: w.ext.Player,
			Hours: w.ext.Hours, Turn: w.ext.Turn, Address: m.replyAddress(token)})
		a := &store.Approval{Campaign: w.c.ID, Extension: w.ext.Seq,
			Expires: w.c.Deadline().Add(time.Duration(w.c.Moderation.Extensions.MaxHours) * time.Hour)}
		approvals = append(approvals, func(tx *store.Tx) error { return tx.PutApproval(HashToken(token), a) })
	}
	rec.Outcome, rec.Detail = store.Rejected, "a GM's decision sent to the moderator's address"
	msg := m.replyText(in, "", answer)
	if len(waiting) == 1 {
		rec.Campaign = string(waiting[0].c.ID)
		msg = m.replyText(in, waiting[0].c.ID, answer)
		msg.ReplyTo = &mail.Address{Name: "pbemd decisions", Email: answer.Requests[0].Address}
	}
	d := Decision{Mails: []Outgoing{{Msg: msg, Campaign: rec.Campaign, Purpose: "answer"}}}
	if len(approvals) > 0 {
		d.Apply = func(tx *store.Tx) error {
			for _, put := range approvals {
				if err := put(tx); err != nil {
					return err
				}
			}
			return nil
		}
	}
	return d, true, nil
}

// waitingRequest is an extension request waiting for its GM.
type waitingRequest struct {
	c   *store.Campaign
	ext *store.Extension
}

// waitingRequests returns the extension request whose mail to the GM in
// answers, if it is still open, or else every request open in the GM's
// campaigns.
func (m *Moderation) waitingRequests(gms []*store.Campaign, in *mail.Inbound) ([]waitingRequest, error) {
	var open []waitingRequest
	err := m.db.View(func(tx *store.Tx) error {
		for _, c := range gms {
			exts, err := tx.Extensions(c.ID)
			if err != nil {
				return err
			}
			for _, e := range exts {
				if e.Status == store.ExtensionPending && e.Turn == c.Turn && c.Status != store.Ended {
					open = append(open, waitingRequest{c, e})
				}
			}
		}
		return nil
	})
	for _, w := range open {
		ask := m.derivedID(w.ext.MessageID, "ask", w.c.GM.Email)
		if in.InReplyTo == ask || slices.Contains(in.References, ask) {
			return []waitingRequest{w}, err
		}
	}
	return open, err
}
