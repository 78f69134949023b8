export {
  GenerateSubElementsDocument as GENERATE_SUB_ELEMENTS,
  LeaveElementCheckDocument as LEAVE_ELEMENT_CHECK,
  SetSubElementChosenDocument as SET_SUB_ELEMENT_CHOSEN,
  SubElementsDocument as SUB_ELEMENTS,
  SubElementsUpdatedDocument as SUB_ELEMENTS_UPDATED,
  type SubElementFieldsFragment as SubElement,
} from '../../generated/graphql';
