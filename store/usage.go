package store

import (
	bolt "go.etcd.io/bbolt"
)

// Usage returns the bytes of keys and values the data file holds, by what
// they are: each top-level bucket by its name ("messages", "sent", ...),
// and the campaigns' by what in a campaign holds them, summed over every
// campaign ("campaigns/turns", "campaigns/orders", "campaigns/record" for
// the campaign's own record and counters). Free pages and the B+tree's
// own overhead are not counted: it is what the file holds, not its size.
func (db *DB) Usage() (map[string]int64, error) {
	out := map[string]int64{}
	err := db.bolt.View(func(tx *bolt.Tx) error {
		return tx.ForEach(func(name []byte, b *bolt.Bucket) error {
			if string(name) != string(bucketCampaigns) {
				out[string(name)] += bucketBytes(b)
				return nil
			}
			return b.ForEachBucket(func(id []byte) error {
				camp := b.Bucket(id)
				return camp.ForEach(func(k, v []byte) error {
					if v == nil {
						out["campaigns/"+string(k)] += bucketBytes(camp.Bucket(k))
					} else {
						out["campaigns/record"] += int64(len(k) + len(v))
					}
					return nil
				})
			})
		})
	})
	return out, err
}

// bucketBytes is the bytes of every key and value in b and the buckets
// below it.
func bucketBytes(b *bolt.Bucket) int64 {
	var n int64
	_ = b.ForEach(func(k, v []byte) error {
		n += int64(len(k) + len(v))
		if v == nil {
			n += bucketBytes(b.Bucket(k))
		}
		return nil
	})
	return n
}
