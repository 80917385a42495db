/// A view that holds the document it reads and edits: ``DynamicClass`` itself,
/// ``DynamicValue`` and ``DynamicQuery``.
protocol DocumentHolding {
    /// The document this view holds (for ``DynamicClass``, the view itself).
    var heldDocument: DynamicClass { get set }
}

extension DocumentHolding {
    /// The view `make` builds from this one, for the subscripts' `_modify` accessors:
    /// `yield &self[moving: { $0.appending(steps) }]`. While the edit runs the document is
    /// moved into the new view and this one holds ``DynamicClass/vacated``, so the edit
    /// changes the only reference to the document and copies nothing.
    ///
    /// `make` builds the view here, after which this one lets go: a view built by the caller
    /// and passed in would stay a second reference for the whole edit, and every edit (each
    /// `append` through `view.items`) would copy the whole document.
    subscript<Place: DocumentHolding>(moving make: (Self) -> Place) -> Place {
        get { make(self) }
        _modify {
            var place = make(self)
            heldDocument = .vacated
            defer { heldDocument = place.heldDocument }
            yield &place
        }
    }
}

extension DynamicClass: DocumentHolding {
    var heldDocument: DynamicClass {
        get { self }
        set { self = newValue }
    }
}

extension DynamicValue: DocumentHolding {
    var heldDocument: DynamicClass {
        get { root }
        set { root = newValue }
    }
}

extension DynamicQuery: DocumentHolding {
    var heldDocument: DynamicClass {
        get { root }
        set { root = newValue }
    }
}
