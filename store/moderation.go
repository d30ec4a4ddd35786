package store

import (
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"time"

	bolt "go.etcd.io/bbolt"

	"github.com/pbemd/pbemd/campaign"
	"github.com/pbemd/pbemd/orders"
)

// ErrApprovalNotFound is returned for a reply address whose token the
// store never issued.
var ErrApprovalNotFound = errors.New("store: no such approval")

// ExtensionStatus is where an extension request stands.
type ExtensionStatus string

// The extension statuses.
const (
	ExtensionPending  ExtensionStatus = "pending"
	ExtensionApproved ExtensionStatus = "approved"
	ExtensionDenied   ExtensionStatus = "denied"
	// ExtensionLapsed is a request the turn resolved before the GM
	// decided.
	ExtensionLapsed ExtensionStatus = "lapsed"
)

// Extension is a player's request for more time, and its outcome.
type Extension struct {
	Seq       uint64            `json:"seq"`
	Player    campaign.PlayerID `json:"player"`
	Turn      int               `json:"turn"`
	Hours     int               `json:"hours"`
	Reason    string            `json:"reason,omitempty"`
	RealLife  bool              `json:"real_life,omitempty"`
	Requested time.Time         `json:"requested"`
	// MessageID is the request mail's, so answers thread under it.
	MessageID string          `json:"message_id"`
	Status    ExtensionStatus `json:"status"`
	// Granted is how many hours were granted, which the GM may change.
	Granted int       `json:"granted,omitempty"`
	Decided time.Time `json:"decided,omitzero"`
	// Note is the GM's message to the player, if any.
	Note string `json:"note,omitempty"`
}

// AddExtension records a new request and returns its sequence number.
func (tx *Tx) AddExtension(id campaign.ID, e *Extension) (uint64, error) {
	b, err := tx.campaignSub(id, keyExtensions)
	if err != nil {
		return 0, err
	}
	seq, err := b.NextSequence()
	if err != nil {
		return 0, fmt.Errorf("add extension to %s: %w", id, err)
	}
	e.Seq = seq
	return seq, putJSON(b, seqKey(seq), e)
}

// PutExtension replaces a request's record.
func (tx *Tx) PutExtension(id campaign.ID, e *Extension) error {
	b, err := tx.campaignSub(id, keyExtensions)
	if err != nil {
		return err
	}
	return putJSON(b, seqKey(e.Seq), e)
}

// Extensions returns a campaign's extension requests, oldest first.
func (tx *Tx) Extensions(id campaign.ID) ([]*Extension, error) {
	return readSub[Extension](tx, id, keyExtensions)
}

// Approval is a single-use reply address the GM answers to decide
// something: the store keeps only the hash of its token.
type Approval struct {
	Campaign campaign.ID `json:"campaign"`
	// Extension is the request it decides, or Battle the disputed battle.
	Extension uint64    `json:"extension,omitempty"`
	Battle    string    `json:"battle,omitempty"`
	Expires   time.Time `json:"expires"`
	// Used is when a reply used it; a token works once.
	Used time.Time `json:"used,omitzero"`
}

// PutApproval stores an approval under its token's hash.
func (tx *Tx) PutApproval(hash []byte, a *Approval) error {
	return putJSON(tx.tx.Bucket(bucketApprovals), hash, a)
}

// Approval returns the approval with this token hash, or
// ErrApprovalNotFound.
func (tx *Tx) Approval(hash []byte) (*Approval, error) {
	var a Approval
	found, err := getJSON(tx.tx.Bucket(bucketApprovals), hash, &a)
	switch {
	case err != nil:
		return nil, fmt.Errorf("load approval: %w", err)
	case !found:
		return nil, ErrApprovalNotFound
	}
	return &a, nil
}

// AuditEntry is one decision in a campaign's audit log: who did what.
type AuditEntry struct {
	At     time.Time `json:"at"`
	Who    string    `json:"who"`
	Action string    `json:"action"`
	Detail string    `json:"detail,omitempty"`
}

// Audit appends an entry to a campaign's audit log.
func (tx *Tx) Audit(id campaign.ID, e AuditEntry) error {
	b, err := tx.campaignSub(id, keyAudit)
	if err != nil {
		return err
	}
	seq, err := b.NextSequence()
	if err != nil {
		return fmt.Errorf("audit %s: %w", id, err)
	}
	return putJSON(b, seqKey(seq), e)
}

// AuditLog returns a campaign's audit log, oldest first.
func (tx *Tx) AuditLog(id campaign.ID) ([]*AuditEntry, error) {
	return readSub[AuditEntry](tx, id, keyAudit)
}

// Rollback deletes every turn after turn and the orders filed for them,
// so that turn is the last one stored, open again with its orders.
func (tx *Tx) Rollback(id campaign.ID, turn int) error {
	b, err := tx.campaignBucket(id)
	if err != nil {
		return err
	}
	if _, err := b.NextSequence(); err != nil { // a new TurnRevision
		return fmt.Errorf("roll %s back to turn %d: %w", id, turn, err)
	}
	if err := bump(b); err != nil {
		return fmt.Errorf("roll %s back to turn %d: %w", id, turn, err)
	}
	after := turnKey(turn + 1)
	for _, sub := range [][]byte{keyTurns, keyOrders} {
		c := b.Bucket(sub).Cursor()
		for k, _ := c.Seek(after); k != nil; k, _ = c.Seek(after) {
			if err := c.Delete(); err != nil {
				return fmt.Errorf("roll %s back to turn %d: %w", id, turn, err)
			}
		}
	}
	return nil
}

// campaignSub returns a campaign's sub-bucket, creating it in a writable
// transaction (campaigns created before it existed lack it). In a
// read-only one it may be nil.
func (tx *Tx) campaignSub(id campaign.ID, name []byte) (*bolt.Bucket, error) {
	b, err := tx.campaignBucket(id)
	if err != nil {
		return nil, err
	}
	if sub := b.Bucket(name); sub != nil || !tx.tx.Writable() {
		return sub, nil
	}
	return b.CreateBucket(name)
}

// readSub decodes every value of a campaign's sub-bucket, in key order.
func readSub[T any](tx *Tx, id campaign.ID, name []byte) ([]*T, error) {
	b, err := tx.campaignSub(id, name)
	if err != nil || b == nil {
		return nil, err
	}
	var out []*T
	err = b.ForEach(func(k, v []byte) error {
		var item T
		if err := json.Unmarshal(v, &item); err != nil {
			return fmt.Errorf("load %s %q of %s: %w", name, k, id, err)
		}
		out = append(out, &item)
		return nil
	})
	return out, err
}

// BattleStatus is where a reported battle stands.
type BattleStatus string

// The battle statuses.
const (
	// BattleOpen waits for a side's result.
	BattleOpen BattleStatus = "open"
	// BattleProposed has a result that waits for the other side.
	BattleProposed BattleStatus = "proposed"
	// BattleDisputed has two results that differ; the GM decides.
	BattleDisputed BattleStatus = "disputed"
	// BattleFinal is settled and applied.
	BattleFinal BattleStatus = "final"
)

// BattleCase is a battle fought outside pbemd (battles: reported): the
// results the sides sent, its clocks (contact, settling) and how it
// ended.
type BattleCase struct {
	ID     string              `json:"id"`
	Turn   int                 `json:"turn"`
	Sides  []campaign.PlayerID `json:"sides"`
	Status BattleStatus        `json:"status"`
	Opened time.Time           `json:"opened"`
	// ContactBy is when a side that has sent nothing withdraws; ResolveBy
	// when the campaign's timeout rule settles the battle.
	ContactBy time.Time `json:"contact_by"`
	ResolveBy time.Time `json:"resolve_by"`
	// Results are the results sent, one per side at most, in the order
	// they came.
	Results []ReportedResult `json:"results,omitempty"`
	// Heard lists the sides that have answered, by result or confirmation.
	Heard []campaign.PlayerID `json:"heard,omitempty"`
	// AskedGM is set once the GM was asked to decide.
	AskedGM bool `json:"asked_gm,omitempty"`
	// Appeal names the poll in which the players who did not fight the
	// battle choose its result, once its time to settle ran out.
	Appeal string `json:"appeal,omitempty"`
	// StandIns are the players the others voted to finish the battle in
	// place of a side that left the campaign.
	StandIns []StandIn `json:"stand_ins,omitempty"`
	// Applied lists the polls whose outcome changed the case (a stand-in,
	// more time), so that a poll a rollback restores and the players
	// decide again does not change it twice.
	Applied []string `json:"applied,omitempty"`
	// Weeks are the weeks granted without a vote, where the campaign's
	// ruleset grants them, one per side and clock at most.
	Weeks []BattleWeek `json:"weeks,omitempty"`
	// WeekAsked are the sides' requests for a week without a real-life
	// claim, waiting for the other side's.
	WeekAsked []BattleWeek `json:"week_asked,omitempty"`
	// Settled says how the battle ended: "agreed by both sides", "decided
	// by the GM", ...
	Settled string `json:"settled,omitempty"`
}

// BattleClock names a clock of a battle case that a week without a vote
// moves on.
type BattleClock string

// The clocks of a battle case.
const (
	// ClockContact is the clock to make contact by (ContactBy).
	ClockContact BattleClock = "contact"
	// ClockSettle is the clock to settle the battle by (ResolveBy).
	ClockSettle BattleClock = "settle"
)

// BattleWeek is a week for one clock of a battle, ClockContact or
// ClockSettle, granted to side Side or asked by it, At then.
type BattleWeek struct {
	Side  campaign.PlayerID `json:"side"`
	Clock BattleClock       `json:"clock"`
	At    time.Time         `json:"at"`
}

// StandIn is a player who speaks for a side of a battle, For, that left
// the campaign: By reports and confirms its result in For's name.
type StandIn struct {
	For campaign.PlayerID `json:"for"`
	By  campaign.PlayerID `json:"by"`
}

// Side returns the side of the battle player p speaks for: their own, or
// the one they stand in for; "" for none.
func (b *BattleCase) Side(p campaign.PlayerID) campaign.PlayerID {
	if slices.Contains(b.Sides, p) {
		return p
	}
	for _, s := range b.StandIns {
		if s.By == p {
			return s.For
		}
	}
	return ""
}

// Voice returns who speaks for side p of the battle: the player standing
// in for it, or else p.
func (b *BattleCase) Voice(p campaign.PlayerID) campaign.PlayerID {
	for _, s := range b.StandIns {
		if s.For == p {
			return s.By
		}
	}
	return p
}

// ReportedResult is one side's result.
type ReportedResult struct {
	By        campaign.PlayerID    `json:"by"`
	Result    *orders.BattleResult `json:"result"`
	At        time.Time            `json:"at"`
	MessageID string               `json:"message_id"`
}

// PutBattle stores a battle case.
func (tx *Tx) PutBattle(id campaign.ID, b *BattleCase) error {
	s, err := tx.campaignSub(id, keyBattles)
	if err != nil {
		return err
	}
	if err := bump(tx.tx.Bucket(bucketCampaigns).Bucket([]byte(id))); err != nil {
		return fmt.Errorf("store battle %s of %s: %w", b.ID, id, err)
	}
	return putJSON(s, []byte(b.ID), b)
}

// Battles returns a campaign's battle cases, by battle ID.
func (tx *Tx) Battles(id campaign.ID) ([]*BattleCase, error) {
	return readSub[BattleCase](tx, id, keyBattles)
}
