import { gql, type TypedDocumentNode } from '@apollo/client';
import { type PageOf } from '../shared/page';

export interface Module {
  id: number;
  name: string;
  status: string;
}

export interface Mode {
  id: number;
  name: string;
  moduleId: number[];
  modules: string;
}

export interface ModeType {
  id: number;
  topLeft: string;
  topRight: string;
  modeId: number;
  mode: { id: number; name: string } | null;
}

type PageVars = { page: number; perPage: number };

export const ADMIN_MODULES: TypedDocumentNode<{ adminModules: PageOf<Module> }, PageVars> = gql`
  query AdminModules($page: Int, $perPage: Int) {
    adminModules(page: $page, perPage: $perPage) {
      data {
        id
        name
        status
      }
      currentPage
      lastPage
      perPage
      total
    }
  }
`;

export const CREATE_MODULE: TypedDocumentNode<
  { createModule: Module },
  { input: { name: string; status: string } }
> = gql`
  mutation CreateModule($input: ModuleInput!) {
    createModule(input: $input) {
      id
      name
      status
    }
  }
`;

export const UPDATE_MODULE: TypedDocumentNode<
  { updateModule: Module },
  { id: number; input: { name: string; status: string } }
> = gql`
  mutation UpdateModule($id: Int!, $input: ModuleInput!) {
    updateModule(id: $id, input: $input) {
      id
      name
      status
    }
  }
`;

export const DELETE_MODULE: TypedDocumentNode<{ deleteModule: number }, { id: number }> = gql`
  mutation DeleteModule($id: Int!) {
    deleteModule(id: $id)
  }
`;

export const ADMIN_MODES: TypedDocumentNode<{ adminModes: PageOf<Mode> }, PageVars> = gql`
  query AdminModes($page: Int, $perPage: Int) {
    adminModes(page: $page, perPage: $perPage) {
      data {
        id
        name
        moduleId
        modules
      }
      currentPage
      lastPage
      perPage
      total
    }
  }
`;

type ModeInput = { name: string; moduleId: number[] };

export const CREATE_MODE: TypedDocumentNode<{ createMode: Mode }, { input: ModeInput }> = gql`
  mutation CreateMode($input: ModeInput!) {
    createMode(input: $input) {
      id
    }
  }
`;

export const UPDATE_MODE: TypedDocumentNode<{ updateMode: Mode }, { id: number; input: ModeInput }> = gql`
  mutation UpdateMode($id: Int!, $input: ModeInput!) {
    updateMode(id: $id, input: $input) {
      id
    }
  }
`;

export const DELETE_MODE: TypedDocumentNode<{ deleteMode: number }, { id: number }> = gql`
  mutation DeleteMode($id: Int!) {
    deleteMode(id: $id)
  }
`;

export const ADMIN_MODE_TYPES: TypedDocumentNode<{ adminModeTypes: PageOf<ModeType> }, PageVars> = gql`
  query AdminModeTypes($page: Int, $perPage: Int) {
    adminModeTypes(page: $page, perPage: $perPage) {
      data {
        id
        topLeft
        topRight
        modeId
        mode {
          id
          name
        }
      }
      currentPage
      lastPage
      perPage
      total
    }
  }
`;

type ModeTypeInput = { topLeft: string; topRight: string; modeId: number };

export const CREATE_MODE_TYPE: TypedDocumentNode<{ createModeType: ModeType }, { input: ModeTypeInput }> =
  gql`
    mutation CreateModeType($input: ModeTypeInput!) {
      createModeType(input: $input) {
        id
      }
    }
  `;

export const UPDATE_MODE_TYPE: TypedDocumentNode<
  { updateModeType: ModeType },
  { id: number; input: ModeTypeInput }
> = gql`
  mutation UpdateModeType($id: Int!, $input: ModeTypeInput!) {
    updateModeType(id: $id, input: $input) {
      id
    }
  }
`;

export const DELETE_MODE_TYPE: TypedDocumentNode<{ deleteModeType: number }, { id: number }> = gql`
  mutation DeleteModeType($id: Int!) {
    deleteModeType(id: $id)
  }
`;

export const MODULE_CHANGED = gql`
  subscription AdminModuleChanged {
    moduleChanged {
      action
      sequence
    }
  }
`;
export const MODE_CHANGED = gql`
  subscription AdminModeChanged {
    modeChanged {
      action
      sequence
    }
  }
`;
export const MODE_TYPE_CHANGED = gql`
  subscription AdminModeTypeChanged {
    modeTypeChanged {
      action
      sequence
    }
  }
`;
