//! UniFFI's binding generator, built with the same UniFFI version as the core.
fn main() {
    uniffi::uniffi_bindgen_main()
}
