package store

import (
	"fmt"
	"time"

	"github.com/pbemd/pbemd/campaign"
)

var keyForgeries = []byte("forgeries")

// Forgery counts the forged mail in one name in a campaign (a player's,
// or the GM's) since the player and the GM were last told of it. A
// campaign keeps one per name that was ever forged, so they stay few.
type Forgery struct {
	// Noticed is when the player and the GM were last told; zero if never.
	Noticed time.Time `json:"noticed,omitzero"`
	// Count is how many forged mails arrived since, and First and Last
	// when the first and the latest of them did.
	Count int       `json:"count,omitempty"`
	First time.Time `json:"first,omitzero"`
	Last  time.Time `json:"last,omitzero"`
}

// Forgery returns the forged mail counted in a name in a campaign; the
// zero Forgery if there was none.
func (tx *Tx) Forgery(id campaign.ID, name string) (*Forgery, error) {
	var f Forgery
	b, err := tx.campaignSub(id, keyForgeries)
	if err != nil || b == nil {
		return &f, err
	}
	if _, err := getJSON(b, []byte(name), &f); err != nil {
		return nil, fmt.Errorf("load forgery %s of %s: %w", name, id, err)
	}
	return &f, nil
}

// PutForgery stores the forged mail counted in a name in a campaign.
func (tx *Tx) PutForgery(id campaign.ID, name string, f *Forgery) error {
	b, err := tx.campaignSub(id, keyForgeries)
	if err != nil {
		return err
	}
	return putJSON(b, []byte(name), f)
}
