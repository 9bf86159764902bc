package account

import (
	"context"
	"crypto/rand"
	"crypto/subtle"
	"encoding/base64"
	"errors"
	"fmt"
	"strings"
	"sync"

	"golang.org/x/crypto/argon2"
)

// Argon2id with the second of RFC 9106's recommended parameter sets
// (§4, "if much less memory is available"): 3 passes over 64 MiB with 4
// lanes, a 128-bit salt and a 256-bit tag. The first set asks 2 GiB a
// hash, more than a game server may spend on each sign-in.
const (
	argonTime    = 3
	argonMemory  = 64 * 1024 // KiB
	argonThreads = 4
	argonSaltLen = 16
	argonKeyLen  = 32
)

var errHashFormat = errors.New("account: not an argon2id hash")

// hashPassword is the PHC string of an argon2id hash of pw with a new
// salt: $argon2id$v=19$m=65536,t=3,p=4$salt$tag.
func hashPassword(pw string) (string, error) {
	salt := make([]byte, argonSaltLen)
	if _, err := rand.Read(salt); err != nil {
		return "", err
	}
	key := argon2.IDKey([]byte(pw), salt, argonTime, argonMemory, argonThreads, argonKeyLen)
	enc := base64.RawStdEncoding
	return fmt.Sprintf("$argon2id$v=%d$m=%d,t=%d,p=%d$%s$%s", argon2.Version, argonMemory, argonTime, argonThreads, enc.EncodeToString(salt), enc.EncodeToString(key)), nil
}

// checkPassword says whether pw matches hash, in time independent of
// where they differ; the parameters are read from the hash, so that hashes
// made with other parameters still check.
func checkPassword(hash, pw string) (bool, error) {
	parts := strings.Split(hash, "$")
	if len(parts) != 6 || parts[1] != "argon2id" {
		return false, errHashFormat
	}
	var (
		v, m, t uint32
		p       uint8
	)
	if _, err := fmt.Sscanf(parts[2], "v=%d", &v); err != nil || v != argon2.Version {
		return false, errHashFormat
	}
	if _, err := fmt.Sscanf(parts[3], "m=%d,t=%d,p=%d", &m, &t, &p); err != nil || m == 0 || m > 1<<21 || t == 0 || t > 16 || p == 0 {
		return false, errHashFormat
	}
	enc := base64.RawStdEncoding
	salt, err := enc.DecodeString(parts[4])
	if err != nil {
		return false, errHashFormat
	}
	want, err := enc.DecodeString(parts[5])
	if err != nil || len(want) == 0 || len(want) > 64 {
		return false, errHashFormat
	}
	got := argon2.IDKey([]byte(pw), salt, t, m, p, uint32(len(want)))
	return subtle.ConstantTimeCompare(got, want) == 1, nil
}

// hasher runs argon2id (hashPassword, checkPassword), a few at a time at
// most: each takes 64 MiB.
type hasher struct {
	slots     chan struct{}
	dummyOnce sync.Once
	dummy     string
}

// hashesAtOnce bounds the argon2id hashes computed at once.
const hashesAtOnce = 2

func newHasher() *hasher { return &hasher{slots: make(chan struct{}, hashesAtOnce)} }

// hash is hashPassword in one of the slots.
func (h *hasher) hash(ctx context.Context, pw string) (string, error) {
	select {
	case h.slots <- struct{}{}:
	case <-ctx.Done():
		return "", ctx.Err()
	}
	defer func() { <-h.slots }()
	return hashPassword(pw)
}

// matches is checkPassword in one of the slots.
func (h *hasher) matches(ctx context.Context, hash, pw string) (bool, error) {
	select {
	case h.slots <- struct{}{}:
	case <-ctx.Done():
		return false, ctx.Err()
	}
	defer func() { <-h.slots }()
	return checkPassword(hash, pw)
}

// dummyHash is checked for a name that has no account, so that a sign-in
// takes as long whether the name exists or not.
func (h *hasher) dummyHash() string {
	h.dummyOnce.Do(func() {
		d, err := hashPassword(newID(16))
		if err != nil {
			panic("account: no randomness: " + err.Error())
		}
		h.dummy = d
	})
	return h.dummy
}
