/// The precedence of the mapping operators (`<--`, `-->`, `<->`): they read like assignment.
///
/// ```swift
/// numberOfChildren <-- ds.familyInfo.childrenCount
/// ```
precedencegroup DynamicMappingPrecedence {
    associativity: none
    assignment: true
    lowerThan: AssignmentPrecedence
}
