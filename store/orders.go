package store

import (
	"bytes"
	"encoding/json"
	"fmt"
	"time"

	"github.com/pbemd/pbemd/campaign"
	"github.com/pbemd/pbemd/orders"
)

// OrdersRecord is a player's orders on file for one turn.
type OrdersRecord struct {
	Player campaign.PlayerID `json:"player"`
	Turn   int               `json:"turn"`
	// Submission is the parsed orders, with the token removed.
	Submission *orders.Submission `json:"submission"`
	MessageID  string             `json:"message_id"`
	Received   time.Time          `json:"received"`
}

// PutOrders files a player's orders for a turn, replacing any earlier
// submission for that turn.
func (tx *Tx) PutOrders(id campaign.ID, rec *OrdersRecord) error {
	b, err := tx.campaignBucket(id)
	if err != nil {
		return err
	}
	if err := bump(b); err != nil {
		return fmt.Errorf("file orders of %s for turn %d: %w", rec.Player, rec.Turn, err)
	}
	if err := putJSON(b.Bucket(keyOrders), ordersKey(rec.Turn, rec.Player), rec); err != nil {
		return fmt.Errorf("file orders of %s for turn %d: %w", rec.Player, rec.Turn, err)
	}
	return nil
}

// Orders returns a player's orders on file for a turn, or nil.
func (tx *Tx) Orders(id campaign.ID, turn int, player campaign.PlayerID) (*OrdersRecord, error) {
	b, err := tx.campaignBucket(id)
	if err != nil {
		return nil, err
	}
	var rec OrdersRecord
	found, err := getJSON(b.Bucket(keyOrders), ordersKey(turn, player), &rec)
	if err != nil || !found {
		return nil, err
	}
	return &rec, nil
}

// OrdersReceived reports whether a player has orders on file for a turn,
// and when they arrived, without decoding the orders.
func (tx *Tx) OrdersReceived(id campaign.ID, turn int, player campaign.PlayerID) (time.Time, bool, error) {
	b, err := tx.campaignBucket(id)
	if err != nil {
		return time.Time{}, false, err
	}
	var rec struct {
		Received time.Time `json:"received"`
	}
	found, err := getJSON(b.Bucket(keyOrders), ordersKey(turn, player), &rec)
	return rec.Received, found, err
}

// TurnOrders returns every player's orders on file for a turn, by player ID.
func (tx *Tx) TurnOrders(id campaign.ID, turn int) ([]*OrdersRecord, error) {
	b, err := tx.campaignBucket(id)
	if err != nil {
		return nil, err
	}
	prefix := turnKey(turn)
	var out []*OrdersRecord
	c := b.Bucket(keyOrders).Cursor()
	for k, v := c.Seek(prefix); k != nil && bytes.HasPrefix(k, prefix); k, v = c.Next() {
		var rec OrdersRecord
		if err := json.Unmarshal(v, &rec); err != nil {
			return nil, fmt.Errorf("load orders %q: %w", k, err)
		}
		out = append(out, &rec)
	}
	return out, nil
}

func ordersKey(turn int, player campaign.PlayerID) []byte {
	return append(turnKey(turn), player...)
}
