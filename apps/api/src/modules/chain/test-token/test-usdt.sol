// SPDX-License-Identifier: MIT
// A minimal ERC-20 with 6 decimals for the chain tests (not deployed anywhere real). The owner
// mints, and can freeze an address: a transfer to or from a frozen address reverts, the way USDT's
// blacklist does, which is how the tests make a payout revert on chain.
pragma solidity ^0.8.20;

contract TestUsdt {
    string public constant name = "Test Tether USD";
    string public constant symbol = "USDT";
    uint8 public constant decimals = 6;
    uint256 public totalSupply;
    address public immutable owner;
    mapping(address => uint256) public balanceOf;
    mapping(address => mapping(address => uint256)) public allowance;
    mapping(address => bool) public frozen;

    event Transfer(address indexed from, address indexed to, uint256 value);
    event Approval(address indexed owner, address indexed spender, uint256 value);

    constructor() {
        owner = msg.sender;
    }

    function mint(address to, uint256 value) external {
        require(msg.sender == owner, "not owner");
        totalSupply += value;
        balanceOf[to] += value;
        emit Transfer(address(0), to, value);
    }

    function freeze(address who, bool on) external {
        require(msg.sender == owner, "not owner");
        frozen[who] = on;
    }

    function transfer(address to, uint256 value) external returns (bool) {
        _move(msg.sender, to, value);
        return true;
    }

    function approve(address spender, uint256 value) external returns (bool) {
        allowance[msg.sender][spender] = value;
        emit Approval(msg.sender, spender, value);
        return true;
    }

    function transferFrom(address from, address to, uint256 value) external returns (bool) {
        uint256 allowed = allowance[from][msg.sender];
        require(allowed >= value, "allowance");
        allowance[from][msg.sender] = allowed - value;
        _move(from, to, value);
        return true;
    }

    /// Many transfers in one transaction (the bench pays 1,000 users in one block with it).
    function batchTransfer(address[] calldata to, uint256[] calldata value) external {
        require(to.length == value.length, "length");
        for (uint256 i = 0; i < to.length; i++) _move(msg.sender, to[i], value[i]);
    }

    function _move(address from, address to, uint256 value) private {
        require(!frozen[from] && !frozen[to], "frozen");
        require(balanceOf[from] >= value, "balance");
        balanceOf[from] -= value;
        balanceOf[to] += value;
        emit Transfer(from, to, value);
    }
}
