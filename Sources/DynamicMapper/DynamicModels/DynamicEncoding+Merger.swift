extension DynamicEncoding {
    /// Lays a model's encoded properties over its document.
    ///
    /// Three versions of each place can differ: the document as decoded (`original`), the
    /// view as it stands now, after any `ds` edits (`base`), and what the model's properties
    /// write (`model`). The rules, checked only where the view was edited (elsewhere `base` is
    /// the document itself and nothing needs comparing):
    /// - the view unchanged: the model's value, keeping the document's literal text where the
    ///   model wrote the same value;
    /// - the view edited and the model still holding the decoded value: the edit stays;
    /// - both changed: objects merge member by member (each member by these rules), anything
    ///   else takes the model's value and the conflict goes to the encoder's
    ///   ``DynamicJSONEncoder/mappingConflictHandler``.
    struct Merger {
        let usage: KeyUsage?
        let options: EncodingOptions
        /// The coding path of the place merged, for conflict reports.
        let basePath: [any CodingKey]
        /// The settings the document was decoded with (their key strategy tells which
        /// document key each declared property was read from), when it was decoded.
        var decoding: DecodingOptions?

        init(usage: KeyUsage?, options: EncodingOptions, basePath: [any CodingKey], decoding: DecodingOptions? = nil) {
            self.usage = usage
            self.options = options
            self.basePath = basePath
            self.decoding = decoding
        }

        /// `base` with `model` laid over it.
        func merge(base: OverlayNode?, model: TreeNode, original: OverlayNode? = nil) -> OverlayNode {
            var steps: [Path.Component] = []
            return merge(base: base, model: model, original: original, steps: &steps)
        }

        /// A whole model over its view: the rules apply to its members, but the model's own
        /// shape stands, even where the view was replaced by something else as a whole.
        func mergeModel(base: OverlayNode?, model: TreeNode, original: OverlayNode?) -> OverlayNode {
            var steps: [Path.Component] = []
            return plainMerge(base: base, model: model, original: original, steps: &steps)
        }

        private func merge(base: OverlayNode?, model: TreeNode, original: OverlayNode?, steps: inout [Path.Component]) -> OverlayNode {
            if let base, let original, !base.isSameDocumentNode(as: original) {
                if agrees(model, with: original) { return base }
                if !isObject(model) || base.objectMembers() == nil {
                    if !agrees(model, with: base) { reportConflict(view: base, model: model, steps: steps) }
                    return plainMerge(base: base, model: model, original: original, steps: &steps)
                }
            }
            return plainMerge(base: base, model: model, original: original, steps: &steps)
        }

        /// Objects merge member by member: the document's order, the model's value for each
        /// key it wrote (merged again below), keys the model read but did not write dropped
        /// (unless they held `null`, which a `nil` it did not write leaves as it was), then the
        /// model's new keys. Arrays of the same length merge element by element; otherwise,
        /// and for a nested dynamic model (already complete), the model's value replaces the
        /// document's.
        private func plainMerge(base: OverlayNode?, model: TreeNode, original: OverlayNode?, steps: inout [Path.Component]) -> OverlayNode {
            // A default or a conversion the property took and still holds writes nothing.
            if let usage, usage.hasKeptValues, let base, case .source(let document, let index) = base,
                let kept = usage.keptValue(at: KeyUsage.KeptPlace(node: index, missing: []), in: document), kept == model.json
            {
                return base
            }
            // Where the view is the document itself, each child is its own original.
            let baseIsOriginal = original.map { base?.isSameDocumentNode(as: $0) ?? false } ?? true
            switch model {
            case .overlay(let complete):
                return complete
            case .object(let object):
                guard let members = base?.objectMembers() else { return model.overlay }
                return mergeObject(
                    members, keys: object.keys, values: object.nodes, original: baseIsOriginal ? nil : original,
                    source: base?.sourceObject, steps: &steps)
            case .value(.object(let object)):
                guard let members = base?.objectMembers() else { return model.overlay }
                return mergeObject(
                    members, keys: object.keys, values: object.values.map(TreeNode.value), original: baseIsOriginal ? nil : original,
                    source: base?.sourceObject, steps: &steps)
            case .array(let array):
                if let kept = keepingDropped(base, array.nodes, steps: &steps) { return kept }
                guard let elements = base?.arrayElements() else { return model.overlay }
                let positions = array.pathPositions
                if !positions.isEmpty {
                    return mergePathArray(elements, array.nodes, positions: positions, original: baseIsOriginal ? nil : original, steps: &steps)
                }
                guard elements.count == array.nodes.count else { return model.overlay }
                return mergeArray(elements, array.nodes, original: baseIsOriginal ? nil : original, steps: &steps)
            case .value(.array(let values)):
                if let kept = keepingDropped(base, values.map(TreeNode.value), steps: &steps) { return kept }
                guard let elements = base?.arrayElements(), elements.count == values.count else { return model.overlay }
                return mergeArray(elements, values.map(TreeNode.value), original: baseIsOriginal ? nil : original, steps: &steps)
            case .value(let value):
                return keepsLiteral(base, equalTo: value) ?? .value(value)
            }
        }

        /// A document array that a lossy read left elements out of, when the model's array
        /// still has one element for each element kept: those are merged with the model's,
        /// and the left-out ones stay in their places. A property the program did not change
        /// so writes the array as it was; one whose length changed replaces it (`nil` here).
        private func keepingDropped(_ base: OverlayNode?, _ nodes: [TreeNode], steps: inout [Path.Component]) -> OverlayNode? {
            guard let usage, usage.hasDroppedElements, case .source(let document, let index)? = base,
                document.nodes[index].kind == .array
            else { return nil }
            let children = Array(document.children(of: index))
            let keptPositions = children.indices.filter { !usage.wasDropped(children[$0], in: document) }
            guard keptPositions.count < children.count, keptPositions.count == nodes.count else { return nil }
            var result = children.map { OverlayNode.source(document, $0) }
            for (element, position) in zip(nodes, keptPositions) {
                steps.append(.index(position))
                result[position] = merge(base: result[position], model: element, original: nil, steps: &steps)
                steps.removeLast()
            }
            return .array(result)
        }

        /// `original` is `nil` where the elements are the document's own (nothing to compare).
        private func mergeArray(_ elements: [OverlayNode], _ nodes: [TreeNode], original: OverlayNode?, steps: inout [Path.Component]) -> OverlayNode {
            let originals = original?.arrayElements()
            var result: [OverlayNode] = []
            result.reserveCapacity(elements.count)
            for (position, (element, node)) in zip(elements, nodes).enumerated() {
                steps.append(.index(position))
                let elementOriginal = originals.map { position < $0.count ? $0[position] : nil } ?? element
                result.append(merge(base: element, model: node, original: elementOriginal, steps: &steps))
                steps.removeLast()
            }
            return .array(result)
        }

        /// An array that paths with indexes wrote (`items[1].id`): the document's elements stay,
        /// those at `positions` are merged with (or, past the end, extended by) the model's,
        /// and the model's `null` padding elsewhere is not a value of the model's.
        private func mergePathArray(_ elements: [OverlayNode], _ nodes: [TreeNode], positions: Set<Int>, original: OverlayNode?, steps: inout [Path.Component])
            -> OverlayNode
        {
            let originals = original?.arrayElements()
            var result = elements
            for position in positions.sorted() where position < nodes.count {
                steps.append(.index(position))
                if position < result.count {
                    let elementOriginal = originals.map { position < $0.count ? $0[position] : nil } ?? result[position]
                    result[position] = merge(base: result[position], model: nodes[position], original: elementOriginal, steps: &steps)
                } else {
                    while result.count < position { result.append(.value(.null)) }
                    result.append(nodes[position].overlay)
                }
                steps.removeLast()
            }
            return .array(result)
        }

        /// `original` is `nil` where the members are the document's own (nothing to compare).
        /// `source` is the document object the members are, when they are one: the model's new
        /// keys leave out the defaults its properties took below it and still hold.
        private func mergeObject(
            _ base: OverlayObject, keys: [String], values: [TreeNode], original: OverlayNode?,
            source: (document: Document, index: Int)? = nil, steps: inout [Path.Component]
        ) -> OverlayNode {
            var written: [String: Int] = [:]
            written.reserveCapacity(keys.count)
            for (position, key) in keys.enumerated() where written[key] == nil { written[key] = position }
            var used = Set<String>()
            var dropped = Set<String>()
            // Document keys kept as they were; a later equal (or canonically equivalent) key
            // goes, as the first one is the one read.
            var kept = Set<String>()
            var result: [OverlayMember] = []
            result.reserveCapacity(base.count + keys.count)
            // The original's members, searched once per member of an edited object: indexed, so
            // that a large object costs linear time, not quadratic.
            var originalMembers = original?.objectMembers()
            originalMembers?.prepareForSearches()
            let respelled = readSpellings(of: base, written: &written, steps: steps)
            for member in base.members where member.key != DynamicEncoding.reservedKey {
                if let position = written[member.key] {
                    // Later duplicates of a key the model wrote go; the first one read wins.
                    if used.insert(member.key).inserted {
                        if let modelKey = respelled[member.key] { used.insert(modelKey) }
                        steps.append(.key(member.key))
                        let value = merge(
                            base: member.value, model: values[position], original: self.original(of: member, in: original, members: originalMembers),
                            steps: &steps)
                        result.append(OverlayMember(key: member.key, value: value, source: member.source))
                        steps.removeLast()
                    }
                } else if dropped.contains(member.key) {
                    continue
                } else if let source = member.source, wasRead(member), !source.originalValue.isNull {
                    // The model read this key and now writes nothing: the property was set to
                    // `nil`, so the key goes, whatever the view wrote there since (reported).
                    // A `null` it read as `nil` and still holds is unchanged, so it stays.
                    dropped.insert(member.key)
                    if !member.value.isSameDocumentNode(as: source.originalValue) {
                        steps.append(.key(member.key))
                        reportConflict(view: member.value, model: nil, steps: steps)
                        steps.removeLast()
                    }
                } else if wasTraversed(member) {
                    // A path passed through this key and the model now writes nothing below
                    // it: what the model read there goes, the rest of the object stays.
                    if kept.insert(member.key).inserted {
                        steps.append(.key(member.key))
                        result.append(OverlayMember(key: member.key, value: pruned(member.value, steps: &steps), source: member.source))
                        steps.removeLast()
                    }
                } else if kept.insert(member.key).inserted {
                    result.append(member)
                }
            }
            let keptDefaults = source.flatMap { source in usage.map { $0.hasKeptDefaults(below: source.index, in: source.document) } } ?? false
            for (position, key) in keys.enumerated() where !used.contains(key) && key != DynamicEncoding.reservedKey {
                used.insert(key)
                if keptDefaults, let usage, let source {
                    guard let left = usage.withoutKeptDefaults(values[position].json, below: source.index, at: [.key(key)]) else { continue }
                    result.append(OverlayMember(key: key, value: .value(left)))
                } else {
                    result.append(OverlayMember(key: key, value: values[position].overlay))
                }
            }
            return .object(OverlayObject(result))
        }

        /// A declared key read under another spelling (the decoder's key strategy turned
        /// `user_name` into `userName`) is written back under the spelling it was read from,
        /// in its place, whatever the encoder's own strategy: a decode → encode renames no key
        /// the program did not touch. For each member the model read whose key the model did
        /// not write as such, the key the encoder wrote for the same property (the document
        /// key through the decoder's strategy, then the encoder's) is made to stand for it in
        /// `written`. Returns document key → the model's key, for the keys so matched; costs
        /// nothing when both strategies keep keys as they are.
        private func readSpellings(of base: OverlayObject, written: inout [String: Int], steps: [Path.Component]) -> [String: String] {
            let decodingKeys = decoding?.keyStrategy ?? .useDefaultKeys
            if case .useDefaultKeys = decodingKeys, options.keyMode == .useDefaultKeys { return [:] }
            guard usage != nil, !written.isEmpty else { return [:] }
            let containerPath = basePath + steps.map(\.codingPathStep.codingKey)
            var documentKeys = Set<String>()
            for member in base.members { documentKeys.insert(member.key) }
            var respelled: [String: String] = [:]
            var modelKeysTaken = Set<String>()
            for member in base.members where written[member.key] == nil && wasRead(member) {
                let property = KeyConversion.convert(member.key, strategy: decodingKeys, path: { containerPath })
                let modelKey = options.convert(StringKey(property), containerPath: containerPath)
                // Only a key the document does not hold itself, and only once.
                guard modelKey != member.key, !documentKeys.contains(modelKey), let position = written[modelKey],
                    modelKeysTaken.insert(modelKey).inserted
                else { continue }
                written[member.key] = position
                respelled[member.key] = modelKey
            }
            return respelled
        }

        /// `node` where the model writes nothing: the members it read go (as in an object the
        /// model writes, by ``mergeObject(_:keys:values:original:steps:)``), those a path
        /// passed through are pruned in turn, and everything else stays as it is.
        private func pruned(_ node: OverlayNode, steps: inout [Path.Component]) -> OverlayNode {
            if let members = node.objectMembers() {
                return mergeObject(members, keys: [], values: [], original: nil, steps: &steps)
            }
            guard let elements = node.arrayElements() else { return node }
            var result: [OverlayNode] = []
            result.reserveCapacity(elements.count)
            for (position, element) in elements.enumerated() {
                steps.append(.index(position))
                result.append(pruned(element, steps: &steps))
                steps.removeLast()
            }
            return .array(result)
        }

        /// The document's value for `member` of an edited object: where it was read from, when
        /// that is the same document, or else the original object's member of that key.
        private func original(of member: OverlayMember, in original: OverlayNode?, members: OverlayObject?) -> OverlayNode? {
            guard let original else { return member.value }
            if let source = member.source, case .source(let document, _) = original, source.document === document {
                return source.originalValue
            }
            return members.flatMap { members in members.firstIndex(of: member.key).map { members[$0].value } }
        }

        private func wasRead(_ member: OverlayMember) -> Bool {
            guard let usage, let source = member.source else { return false }
            return usage.wasRead(keyNode: source.index, in: source.document)
        }

        private func wasTraversed(_ member: OverlayMember) -> Bool {
            guard let usage, let source = member.source else { return false }
            return usage.wasTraversed(keyNode: source.index, in: source.document)
        }

        private func isObject(_ model: TreeNode) -> Bool {
            switch model {
            case .object, .value(.object): return true
            default: return false
            }
        }

        // MARK: Comparing

        /// Whether the model's value is the value at `node`: what a property that still holds
        /// its decoded value writes. Numbers compare as ``keepsLiteral(_:equalTo:)`` does
        /// (a `Double` holding the rounded literal counts as unchanged); for objects, every key
        /// the model writes must agree, and a key it read but no longer writes must have held
        /// `null`.
        private func agrees(_ model: TreeNode, with node: OverlayNode) -> Bool {
            switch model {
            case .overlay(let complete):
                return complete.isSameDocumentNode(as: node) || complete.json == node.json
            case .value(let value):
                return agrees(value, with: node)
            case .array(let array):
                guard let elements = node.arrayElements() else { return false }
                let positions = array.pathPositions
                if !positions.isEmpty {
                    return positions.allSatisfy { $0 < elements.count && $0 < array.nodes.count && agrees(array.nodes[$0], with: elements[$0]) }
                }
                guard elements.count == array.nodes.count else { return false }
                return zip(array.nodes, elements).allSatisfy { agrees($0, with: $1) }
            case .object(let object):
                return agreesObject(keys: object.keys, values: object.nodes, with: node)
            }
        }

        private func agrees(_ value: JSON, with node: OverlayNode) -> Bool {
            switch value {
            case .array(let values):
                guard let elements = node.arrayElements(), elements.count == values.count else { return false }
                return zip(values, elements).allSatisfy { agrees($0, with: $1) }
            case .object(let object):
                return agreesObject(keys: object.keys, values: object.values.map(TreeNode.value), with: node)
            case .null:
                return node.isNull
            case .bool:
                return node.json == value
            case .number, .string:
                if case .source = node { return keepsLiteral(node, equalTo: value) != nil }
                return node.json == value
            }
        }

        private func agreesObject(keys: [String], values: [TreeNode], with node: OverlayNode) -> Bool {
            guard var members = node.objectMembers() else { return false }
            members.prepareForSearches()
            var writes = Set<String>()
            for (key, value) in zip(keys, values) where key != DynamicEncoding.reservedKey {
                writes.insert(key)
                guard let position = members.firstIndex(of: key), agrees(value, with: members[position].value) else { return false }
            }
            return members.members.allSatisfy { member in
                writes.contains(member.key) || agreesWithNothingWritten(member)
            }
        }

        /// Whether a member the model does not write is unchanged by that: one it read held
        /// `null`, and below one a path passed through, the same holds for every member.
        private func agreesWithNothingWritten(_ member: OverlayMember) -> Bool {
            if wasRead(member) { return member.value.isNull }
            guard wasTraversed(member) else { return true }
            return leavesUnchanged(member.value)
        }

        private func leavesUnchanged(_ node: OverlayNode) -> Bool {
            if let members = node.objectMembers() { return members.members.allSatisfy(agreesWithNothingWritten) }
            return node.arrayElements()?.allSatisfy(leavesUnchanged) ?? true
        }

        /// The document's scalar when the model wrote the same value, so that an unchanged
        /// `1.10` or `"caf\u00e9"` comes back exactly as it was written. A number read as a
        /// `Double` (or `Float`) counts as unchanged while the property holds its rounded value:
        /// `9007199254740993` in a `Double` property is written back as `9007199254740993`.
        private func keepsLiteral(_ base: OverlayNode?, equalTo value: JSON) -> OverlayNode? {
            guard case .source(let document, let index)? = base else { return nil }
            let node = document.nodes[index]
            switch (node.kind, value) {
            case (.number, .number(let number)):
                let literal = document.numberLiteral(node)
                if JSON.Number(validated: literal) == number { return base }
                guard let reads = usage?.floatingReads(of: node, in: document) else { return nil }
                if reads.double, let read = Double(literal), read == Double(number.literal) { return base }
                if reads.float, let read = Float(literal), read == Float(number.literal) { return base }
                return nil
            case (.string, .string(let text)):
                return document.stringEquals(node, text) ? base : nil
            case (.true, .bool(true)), (.false, .bool(false)), (.null, .null):
                return base
            default:
                return nil
            }
        }

        // MARK: Reporting

        /// `model` is `nil` where the property now writes nothing.
        private func reportConflict(view: OverlayNode, model: TreeNode?, steps: [Path.Component]) {
            guard let handler = options.mappingConflictHandler else { return }
            let path = Path(codingPath: basePath).components + steps
            handler(DynamicMappingConflict(path: Path(path), viewValue: view.json, propertyValue: model?.json))
        }
    }
}

extension OverlayNode {
    /// Whether both are the same node of the same parsed document (so nothing was edited
    /// between them). A cheap check: `false` says nothing about the values.
    func isSameDocumentNode(as other: OverlayNode) -> Bool {
        if case .source(let document, let index) = self, case .source(let otherDocument, let otherIndex) = other {
            return document === otherDocument && index == otherIndex
        }
        return false
    }
}
