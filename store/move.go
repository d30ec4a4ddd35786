package store

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"time"

	bolt "go.etcd.io/bbolt"
	berrors "go.etcd.io/bbolt/errors"

	"github.com/pbemd/pbemd/campaign"
)

// ErrExportTarget is returned when an export would overwrite a file.
var ErrExportTarget = errors.New("store: an export is written to a new file only")

// ErrNotAnExport is returned when a file to import holds no campaign, or
// more than one.
var ErrNotAnExport = errors.New("store: the file is no export of one campaign")

// A campaign's entries outside its own bucket, in the buckets that hold
// every campaign's: each names its campaign in its "campaign" field. The
// outbox and the logs of mail sent and failed are keyed by their
// bucket's sequence, which another data file gives anew.
var campaignScoped = []struct {
	bucket    []byte
	sequenced bool
}{
	{bucketMessages, false},
	{bucketApprovals, false},
	{bucketOutbox, true},
	{bucketSent, true},
	{bucketFailed, true},
}

// Moved counts what an export or an import carried: the campaign's turns,
// and its mails waiting in the outbox.
type Moved struct {
	Campaign campaign.ID `json:"campaign"`
	Turns    int         `json:"turns"`
	Outbox   int         `json:"outbox"`
}

// ExportCampaign writes campaign id, with everything the data file holds
// of it (its record, turns, orders, battles, audit log, the mail it
// received and sent, its mails waiting in the outbox, its reply
// addresses), to a new data file at path, from one read transaction while
// the daemon goes on working. The file is synced before it returns. It
// changes nothing here: RemoveCampaign takes the campaign out once the
// export is safe elsewhere.
func (db *DB) ExportCampaign(id campaign.ID, path string) (*Moved, error) {
	if _, err := os.Stat(path); err == nil {
		return nil, fmt.Errorf("export %s to %s: %w", id, path, ErrExportTarget)
	}
	out, err := Open(path, Options{})
	if err != nil {
		return nil, fmt.Errorf("export %s: %w", id, err)
	}
	var moved *Moved
	err = db.bolt.View(func(src *bolt.Tx) error {
		return out.bolt.Update(func(dst *bolt.Tx) (err error) {
			moved, err = copyCampaign(src, dst, id)
			return err
		})
	})
	if cerr := out.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		os.Remove(path)
		return nil, fmt.Errorf("export %s to %s: %w", id, path, err)
	}
	return moved, syncDir(filepath.Dir(path))
}

// ImportCampaign adds the campaign of the export at path (ExportCampaign)
// to this data file, in one transaction: a campaign of the same ID here
// is an error (ErrCampaignExists), and so is a file that holds no
// campaign or several (ErrNotAnExport). The file is only read.
func (db *DB) ImportCampaign(path string) (*Moved, error) {
	if _, err := os.Stat(path); err != nil {
		return nil, fmt.Errorf("import %s: %w", path, err)
	}
	in, err := bolt.Open(path, 0o600, &bolt.Options{ReadOnly: true, Timeout: time.Second})
	switch {
	case errors.Is(err, berrors.ErrTimeout):
		return nil, fmt.Errorf("import %s: %w", path, ErrLocked)
	case err != nil:
		return nil, fmt.Errorf("import %s: %w (%v)", path, ErrNotAnExport, err)
	}
	defer in.Close()
	var moved *Moved
	err = in.View(func(src *bolt.Tx) error {
		id, err := soleCampaign(src)
		if err != nil {
			return err
		}
		return db.bolt.Update(func(dst *bolt.Tx) (err error) {
			moved, err = copyCampaign(src, dst, id)
			return err
		})
	})
	if err != nil {
		return nil, fmt.Errorf("import %s: %w", path, err)
	}
	return moved, nil
}

// RemoveCampaign takes campaign id and every entry of it out of the data
// file, its mails waiting in the outbox too, in one transaction.
func (db *DB) RemoveCampaign(id campaign.ID) error {
	return db.bolt.Update(func(tx *bolt.Tx) error {
		root := tx.Bucket(bucketCampaigns)
		if root.Bucket([]byte(id)) == nil {
			return fmt.Errorf("remove campaign %s: %w", id, ErrCampaignNotFound)
		}
		if err := root.DeleteBucket([]byte(id)); err != nil {
			return fmt.Errorf("remove campaign %s: %w", id, err)
		}
		if _, err := root.NextSequence(); err != nil { // CampaignsRevision
			return err
		}
		for _, s := range campaignScoped {
			b := tx.Bucket(s.bucket)
			var keys [][]byte
			err := b.ForEach(func(k, v []byte) error {
				if belongsTo(v, id) {
					keys = append(keys, k)
				}
				return nil
			})
			for _, k := range keys {
				if err == nil {
					err = b.Delete(k)
				}
			}
			if err != nil {
				return fmt.Errorf("remove campaign %s from %s: %w", id, s.bucket, err)
			}
		}
		return nil
	})
}

// soleCampaign returns the ID of the one campaign an export holds.
func soleCampaign(tx *bolt.Tx) (campaign.ID, error) {
	var ids []campaign.ID
	err := tx.Bucket(bucketCampaigns).ForEachBucket(func(k []byte) error {
		ids = append(ids, campaign.ID(k))
		return nil
	})
	if err != nil {
		return "", err
	}
	if len(ids) != 1 {
		return "", fmt.Errorf("%w: it holds %d campaigns", ErrNotAnExport, len(ids))
	}
	return ids[0], nil
}

// copyCampaign copies campaign id and its entries from src to dst, where
// no campaign of that ID may be. The campaign's counts of writes go on
// from where they stood, one further, so that what a daemon keeps of the
// campaign is read again.
func copyCampaign(src, dst *bolt.Tx, id campaign.ID) (*Moved, error) {
	from := src.Bucket(bucketCampaigns).Bucket([]byte(id))
	if from == nil {
		return nil, fmt.Errorf("campaign %s: %w", id, ErrCampaignNotFound)
	}
	root := dst.Bucket(bucketCampaigns)
	if root.Bucket([]byte(id)) != nil {
		return nil, fmt.Errorf("campaign %s: %w", id, ErrCampaignExists)
	}
	to, err := root.CreateBucket([]byte(id))
	if err != nil {
		return nil, err
	}
	if err := copyBucket(from, to); err != nil {
		return nil, err
	}
	if _, err := to.NextSequence(); err != nil { // TurnRevision
		return nil, err
	}
	if err := bump(to); err != nil { // Revisions
		return nil, err
	}
	if _, err := root.NextSequence(); err != nil { // CampaignsRevision
		return nil, err
	}
	moved := &Moved{Campaign: id, Turns: from.Bucket(keyTurns).Stats().KeyN}
	for _, s := range campaignScoped {
		n, err := copyScoped(src.Bucket(s.bucket), dst.Bucket(s.bucket), id, s.sequenced)
		if err != nil {
			return nil, fmt.Errorf("copy campaign %s's %s: %w", id, s.bucket, err)
		}
		if string(s.bucket) == string(bucketOutbox) {
			moved.Outbox = n
		}
	}
	if err := listCopiedExpiring(src, dst, id); err != nil {
		return nil, fmt.Errorf("copy campaign %s's messages: %w", id, err)
	}
	return moved, nil
}

// listCopiedExpiring lists in dst's expiring bucket the processed mail of
// campaign id that keeps its stored copy, so that the copy expires there
// as it would have in src.
func listCopiedExpiring(src, dst *bolt.Tx, id campaign.ID) error {
	expiring := dst.Bucket(bucketExpiring)
	return src.Bucket(bucketMessages).ForEach(func(k, v []byte) error {
		if !belongsTo(v, id) {
			return nil
		}
		var rec MessageRecord
		if err := json.Unmarshal(v, &rec); err != nil {
			return fmt.Errorf("load message %s: %w", k, err)
		}
		return listExpiring(expiring, &rec)
	})
}

// copyBucket copies every key, value and bucket of from into to, with
// each bucket's sequence.
func copyBucket(from, to *bolt.Bucket) error {
	if err := to.SetSequence(from.Sequence()); err != nil {
		return err
	}
	return from.ForEach(func(k, v []byte) error {
		if v != nil {
			return to.Put(k, v)
		}
		sub, err := to.CreateBucket(k)
		if err != nil {
			return err
		}
		return copyBucket(from.Bucket(k), sub)
	})
}

// copyScoped copies the entries of campaign id from one of the buckets
// that hold every campaign's to the same bucket of another file, and
// returns how many. A sequenced entry gets the next sequence of its new
// bucket, in its old order, and the mail it holds that number. An entry
// whose key is taken is left out: a mail record kept under the same
// Message-ID is the same mail.
func copyScoped(from, to *bolt.Bucket, id campaign.ID, sequenced bool) (int, error) {
	n := 0
	err := from.ForEach(func(k, v []byte) error {
		if !belongsTo(v, id) {
			return nil
		}
		n++
		if !sequenced {
			if to.Get(k) != nil {
				return nil
			}
			return to.Put(k, v)
		}
		seq, err := to.NextSequence()
		if err != nil {
			return err
		}
		v, err = renumbered(v, seq)
		if err != nil {
			return err
		}
		return to.Put(seqKey(seq), v)
	})
	return n, err
}

// renumbered returns a stored mail, or the record of one, with its seq
// field set to seq, and every other field as it was.
func renumbered(v []byte, seq uint64) ([]byte, error) {
	var fields map[string]json.RawMessage
	if err := json.Unmarshal(v, &fields); err != nil {
		return nil, err
	}
	n, err := json.Marshal(seq)
	if err != nil {
		return nil, err
	}
	fields["seq"] = n
	return json.Marshal(fields)
}

// belongsTo reports whether a stored entry names campaign id.
func belongsTo(v []byte, id campaign.ID) bool {
	var e struct {
		Campaign campaign.ID `json:"campaign"`
	}
	return json.Unmarshal(v, &e) == nil && e.Campaign == id
}
