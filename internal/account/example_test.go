package account_test

import (
	"fmt"

	"github.com/carrom-game/carrom/internal/account"
)

// A name is kept as its player wrote it, full-width letters made normal;
// it is one account in any case and either width.
func ExampleCanonicalName() {
	name, err := account.CanonicalName("Ｊｏｓé")
	fmt.Println(name, err)
	fmt.Println(account.NameKey("JOSÉ") == account.NameKey(name))
	_, err = account.CanonicalName("a b")
	fmt.Println(err)
	// Output:
	// José <nil>
	// true
	// a name is 3 to 20 letters (of any alphabet, with their accents), digits, dots, _ or -
}
