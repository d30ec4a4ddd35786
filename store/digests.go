package store

import (
	"encoding/json"
	"fmt"
	"time"

	"github.com/pbemd/pbemd/campaign"
)

// keyDigest is a campaign's sub-bucket of reports held for digests.
var keyDigest = []byte("digest")

// HeldReport is a report held for a player's daily digest.
type HeldReport struct {
	Seq    uint64            `json:"seq"`
	Player campaign.PlayerID `json:"player"`
	// Turn is the turn the report opens.
	Turn int       `json:"turn"`
	Held time.Time `json:"held"`
	// Report is the report as the moderator keeps it (raw JSON: the store
	// does not interpret it).
	Report json.RawMessage `json:"report"`
}

// HoldReport keeps a report for a player's digest, after those held
// before it.
func (tx *Tx) HoldReport(id campaign.ID, r *HeldReport) error {
	b, err := tx.campaignSub(id, keyDigest)
	if err != nil {
		return err
	}
	if r.Seq, err = b.NextSequence(); err != nil {
		return fmt.Errorf("hold a report of %s for %s: %w", id, r.Player, err)
	}
	return putJSON(b, seqKey(r.Seq), r)
}

// HeldReports returns the reports a campaign holds for digests, oldest
// first.
func (tx *Tx) HeldReports(id campaign.ID) ([]*HeldReport, error) {
	return readSub[HeldReport](tx, id, keyDigest)
}

// ReleaseReports forgets held reports, once a mail carries them.
func (tx *Tx) ReleaseReports(id campaign.ID, reports []*HeldReport) error {
	b, err := tx.campaignSub(id, keyDigest)
	if err != nil {
		return err
	}
	for _, r := range reports {
		if err := b.Delete(seqKey(r.Seq)); err != nil {
			return fmt.Errorf("release report %d of %s: %w", r.Seq, id, err)
		}
	}
	return nil
}
