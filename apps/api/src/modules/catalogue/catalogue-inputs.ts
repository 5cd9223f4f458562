/** The catalogue's input pieces live in the contract with every call's input; re-exported here. */
export {
  goodsFilterInput,
  idInput,
  optionalFlag,
  optionalId,
  optionalKeyword,
  optionalMoney,
} from '@mall/contract/fields.inputs';
