package workflow

import (
	"bytes"
	"errors"
	"fmt"
	"time"

	"github.com/pbemd/pbemd/campaign"
	"github.com/pbemd/pbemd/mail"
	"github.com/pbemd/pbemd/orders"
	"github.com/pbemd/pbemd/report"
	"github.com/pbemd/pbemd/store"
)

// DryRun is what checking a player's orders from their web page found:
// the reply the same orders would get by mail now, word for word, with
// nothing filed and nothing sent.
type DryRun struct {
	// Accepted says the orders would be confirmed; Subject and Text are
	// the confirmation or the refusal.
	Accepted      bool
	Subject, Text string
}

// DryRunOrders checks text, a mail's orders without their token, for
// seat s of campaign c as a mail of orders arriving now would be checked:
// read, found timely, amended onto the orders on file where the ruleset
// takes a turn in several mails, and checked and costed by the ruleset.
// The token is left out because the page never holds it: the link that
// asked stands for the seat. Nothing is stored.
func (m *Moderation) DryRunOrders(c *store.Campaign, s *store.Seat, text []byte) (*DryRun, error) {
	rs, err := m.Ruleset(c)
	if err != nil {
		return nil, err
	}
	in := &mail.Inbound{Text: text}
	if len(bytes.TrimSpace(text)) == 0 {
		return refused(c.ID, &report.Rejection{Reason: report.Say(report.NoOrders{})}), nil
	}
	sub, err := orders.Parse(text, func(campaign.ID) (orders.Kinds, error) { return rs.Kinds(), nil })
	if err != nil {
		r := problemsRejection(err, in)
		if err := m.ownExample(r, []SenderSeat{{Campaign: c, Seat: s}}, nil); err != nil {
			return nil, err
		}
		return refused(c.ID, r), nil
	}
	ml := &Mail{In: in, Rec: &store.MessageRecord{Arrived: m.clock.Now()}, Sub: sub}
	k := &ordersCheck{Mail: ml, s: &SenderSeat{Campaign: c, Seat: s}, c: c}
	if refusal := dryRunSeat(k); refusal != nil {
		return refused(c.ID, refusal), nil
	}
	if err := m.loadOrdersCheck(k); err != nil {
		return nil, err
	}
	if refusal := k.refuseUntimely(ml.problem); refusal != nil {
		return refused(c.ID, refusal), nil
	}
	whole, refusal, err := m.amendOnFile(k)
	switch {
	case err != nil:
		return nil, err
	case refusal != nil:
		return refused(c.ID, refusal), nil
	}
	checked, err := m.Turns.checker(c.ID, k.turn, k.rs)(whole)
	if err != nil {
		return refused(c.ID, k.checkRejection(err)), nil
	}
	_, subject, reply := k.confirm(whole, checked)
	return &DryRun{Accepted: true, Subject: subject, Text: reply}, nil
}

// dryRunSeat refuses orders that name another campaign or seat than the
// page's, or that the campaign does not take now, as a mail's would be.
func dryRunSeat(k *ordersCheck) *report.Rejection {
	c, s, sub := k.c, k.s.Seat, k.Sub
	switch {
	case sub.Campaign != c.ID:
		return k.problem("campaign", report.NotYourCampaign{Campaign: sub.Campaign, Mine: []string{string(c.ID)}})
	case sub.Player != s.Player:
		return k.problem("player", report.WrongSeat{Player: s.Player, Campaign: c.ID, Named: sub.Player})
	case !s.Active():
		return playerIsOut(c, s)
	case c.Status != store.Running:
		return notTakingOrders(c)
	}
	return nil
}

// refused is the dry run of orders for campaign id that would be refused
// with r.
func refused(id campaign.ID, r *report.Rejection) *DryRun {
	r.Campaign = id
	subject, text := report.RenderRejection(r)
	return &DryRun{Subject: subject, Text: text}
}

// OrdersOnFile returns seat s's orders on file for campaign c's open
// turn as a confirmation echoes them, with their costs and what they
// leave, and when they arrived; "" and the zero time for none. Orders on
// file that no longer pass the check (the state changed under them, as
// after a rollback) are told as the problems the check finds.
func (m *Moderation) OrdersOnFile(c *store.Campaign, s *store.Seat) (echo string, received time.Time, err error) {
	rs, err := m.Ruleset(c)
	if err != nil {
		return "", time.Time{}, err
	}
	var (
		rec  *store.TurnRecord
		file *store.OrdersRecord
	)
	err = m.db.View(func(tx *store.Tx) error {
		if file, err = tx.Orders(c.ID, c.Turn, s.Player); err != nil || file == nil {
			return err
		}
		rec, err = m.Turns.Get(tx, c.ID, c.Turn)
		return err
	})
	if err != nil || file == nil {
		return "", time.Time{}, err
	}
	checked, err := m.Turns.checker(c.ID, rec, rs)(file.Submission)
	var problems orders.Problems
	if errors.As(err, &problems) {
		return "They no longer pass pbemd's check; send them again: " + problems.Error(), file.Received, nil
	}
	if err != nil {
		return "", time.Time{}, fmt.Errorf("orders on file of %s in %s: %w", s.Player, c.ID, err)
	}
	return checked.Echo() + "\n" + checked.Summary(), file.Received, nil
}

// NotDueNote says, for seat s of campaign c, which owes no orders for the
// open turn, who does and by when in the player's time zone, or what the
// turn waits on: the words of the refusal of orders from a player not due.
func (m *Moderation) NotDueNote(c *store.Campaign, s *store.Seat) (string, error) {
	rs, err := m.Ruleset(c)
	if err != nil {
		return "", err
	}
	var rec *store.TurnRecord
	err = m.db.View(func(tx *store.Tx) error {
		rec, err = m.Turns.Get(tx, c.ID, c.Turn)
		return err
	})
	if err != nil {
		return "", err
	}
	why := notDue(c, rs, rec.State, s.Player, SeatLocation(c, s))
	return fmt.Sprintf("You owe no orders for turn %d. %s", c.Turn, why.Owed()), nil
}
