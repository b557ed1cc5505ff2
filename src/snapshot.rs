//! Copies of state kept for `undo` (see `undo.rs`), shared with the copy
//! kept before them wherever nothing changed: a large table is cut into
//! chunks, and a chunk equal to the previous copy's chunk at the same place
//! is that chunk again (one `Rc`), so a line that changes a few cells of a
//! game's board keeps a few chunks, not the whole data space.
//!
//! Sharing is only ever with the copy just before, so the chunks shared by
//! several copies are those of a run of neighbours; what they cost in all is
//! counted by comparing each copy with its older neighbour
//! (`fresh_bytes`).

use std::rc::Rc;

/// `items` in chunks of `size`, each shared with `prev`'s chunk at the same
/// place when they are equal.
pub(crate) fn chunks<T: Clone + PartialEq>(
    items: &[T],
    size: usize,
    prev: &[Rc<[T]>],
) -> Vec<Rc<[T]>> {
    items
        .chunks(size)
        .enumerate()
        .map(|(i, c)| match prev.get(i) {
            Some(p) if **p == *c => p.clone(),
            _ => Rc::from(c),
        })
        .collect()
}

/// The chunks put together again.
pub(crate) fn joined<T: Clone>(chunks: &[Rc<[T]>]) -> Vec<T> {
    let mut v = Vec::with_capacity(chunks.iter().map(|c| c.len()).sum());
    for c in chunks {
        v.extend_from_slice(c);
    }
    v
}

/// `value`, shared with `prev` when they are equal.
pub(crate) fn shared<T: Clone + PartialEq>(value: &T, prev: Option<&Rc<T>>) -> Rc<T> {
    match prev {
        Some(p) if **p == *value => p.clone(),
        _ => Rc::new(value.clone()),
    }
}

/// The entries of `now` that `older` (the copy kept just before) does not
/// share at the same place.
pub(crate) fn unshared<'a, U: ?Sized>(
    now: &'a [Rc<U>],
    older: Option<&'a [Rc<U>]>,
) -> impl Iterator<Item = &'a Rc<U>> {
    now.iter().enumerate().filter_map(move |(i, c)| {
        let kept = older
            .and_then(|o| o.get(i))
            .is_some_and(|o| Rc::ptr_eq(o, c));
        (!kept).then_some(c)
    })
}

/// Bytes the chunks of `now` hold that `older` (the copy kept just before)
/// does not share, with the table of pointers itself.
pub(crate) fn fresh_bytes<U: ?Sized>(now: &[Rc<U>], older: Option<&[Rc<U>]>) -> usize {
    let table = std::mem::size_of_val(now);
    let fresh: usize = unshared(now, older)
        .map(|c| std::mem::size_of_val(&**c))
        .sum();
    table + fresh
}

/// What a single shared value `now` costs beyond `older`: nothing when it
/// is the same value, else `cost` of it.
pub(crate) fn fresh_value<T>(
    now: Option<&Rc<T>>,
    older: Option<&Rc<T>>,
    cost: impl Fn(&T) -> usize,
) -> usize {
    match (now, older) {
        (Some(a), Some(b)) if Rc::ptr_eq(a, b) => 0,
        (Some(a), _) => cost(a),
        (None, _) => 0,
    }
}

/// Whether two lists of chunks are the same chunks.
pub(crate) fn same<U: ?Sized>(a: &[Rc<U>], b: &[Rc<U>]) -> bool {
    a.len() == b.len() && a.iter().zip(b).all(|(x, y)| Rc::ptr_eq(x, y))
}

/// Whether two kept values are the very same one.
pub(crate) fn same_value<T>(a: Option<&Rc<T>>, b: Option<&Rc<T>>) -> bool {
    matches!((a, b), (Some(a), Some(b)) if Rc::ptr_eq(a, b))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn unchanged_chunks_are_shared_and_not_counted_again() {
        let a: Vec<u8> = (0..100).collect();
        let first = chunks(&a, 10, &[]);
        let mut b = a.clone();
        b[55] = 0;
        let second = chunks(&b, 10, &first);
        assert_eq!(second.len(), 10);
        let shared = (0..10)
            .filter(|&i| Rc::ptr_eq(&first[i], &second[i]))
            .count();
        assert_eq!(shared, 9);
        let table = 10 * std::mem::size_of::<Rc<[u8]>>();
        assert_eq!(fresh_bytes(&second, Some(&first)), table + 10);
        assert_eq!(fresh_bytes(&first, None), table + 100);
        assert_eq!(joined(&second), b);
        assert!(same(&first, &chunks(&a, 10, &first)));
    }
}
