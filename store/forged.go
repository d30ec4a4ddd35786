package store

import (
	"encoding/json"
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
	return getInSub[Forgery](tx, id, keyForgeries, name)
}

// PutForgery stores the forged mail counted in a name in a campaign.
func (tx *Tx) PutForgery(id campaign.ID, name string, f *Forgery) error {
	return putInSub(tx, id, keyForgeries, name, f)
}

// getInSub reads the record under key in a campaign's sub-bucket; the
// zero value if there is none.
func getInSub[T any](tx *Tx, id campaign.ID, sub []byte, key string) (*T, error) {
	var v T
	b, err := tx.campaignSub(id, sub)
	if err != nil || b == nil {
		return &v, err
	}
	if _, err := getJSON(b, []byte(key), &v); err != nil {
		return nil, fmt.Errorf("load %s %s of %s: %w", sub, key, id, err)
	}
	return &v, nil
}

// putInSub stores a record under key in a campaign's sub-bucket.
func putInSub[T any](tx *Tx, id campaign.ID, sub []byte, key string, v *T) error {
	b, err := tx.campaignSub(id, sub)
	if err != nil {
		return err
	}
	return putJSON(b, []byte(key), v)
}

var keyAlerts = []byte("alerts")

// Alerts counts the refused attempts to act as a campaign's GM, or as a
// player, that its GM hears of: one mail each for the first few in an
// hour, one summary for the rest once the hour is over. A campaign keeps
// one record per class of attempt, so a flood of one class cannot hide
// the other.
type Alerts struct {
	// Since is when the hour began, and Told how many alerts went in it.
	Since time.Time `json:"since,omitzero"`
	Told  int       `json:"told,omitempty"`
	// Held counts the attempts since the last summary that the GM was not
	// told of one by one; First is when the first of them came.
	Held  int       `json:"held,omitempty"`
	First time.Time `json:"first,omitzero"`
}

// SummaryDue is when the summary of the attempts held back is due: when
// their hour is over; zero if none are held back.
func (a *Alerts) SummaryDue() time.Time {
	if a.Held == 0 {
		return time.Time{}
	}
	return a.Since.Add(time.Hour)
}

// Alerts returns the alerts counted in a class of a campaign; the zero
// Alerts if there were none.
func (tx *Tx) Alerts(id campaign.ID, class string) (*Alerts, error) {
	return getInSub[Alerts](tx, id, keyAlerts, class)
}

// PutAlerts stores the alerts counted in a class of a campaign.
func (tx *Tx) PutAlerts(id campaign.ID, class string, a *Alerts) error {
	return putInSub(tx, id, keyAlerts, class, a)
}

// AllAlerts returns every class of alerts counted in a campaign.
func (tx *Tx) AllAlerts(id campaign.ID) (map[string]*Alerts, error) {
	b, err := tx.campaignSub(id, keyAlerts)
	if err != nil || b == nil {
		return nil, err
	}
	out := map[string]*Alerts{}
	err = b.ForEach(func(k, v []byte) error {
		var a Alerts
		if err := json.Unmarshal(v, &a); err != nil {
			return fmt.Errorf("load alerts %s of %s: %w", k, id, err)
		}
		out[string(k)] = &a
		return nil
	})
	return out, err
}
